// VTW's SlowestLane thread-index hardware of one SM (seed 004 Sec. 4.2.2;
// golden model func::Engine::grant_tb_index / ExecContext::next_tid in
// sc_model/func/virtual_tb.cc). When a TB's next logical index is granted,
// its warps are sorted by the instructions they executed in the iteration
// that ends, fewest first (ties: lower warp slot), and the sorted list of
// their logical warp slots is kept in the W registers sl_q (the paper's
// 48 one-byte registers; TB t's list at its own warp slots first..first+n-1).
// The k-th warp to enter the next iteration takes list entry k as its
// logical slot (slot_o); in the first iteration each keeps its own.
// The sort is oet_perm_sorter over the W warp slots with the TB's warps
// keyed first: W*(W-1)/2 cycles, one TB at a time, further grants wait in
// a per-TB request bit. The result is copied into sl_q when the pass ends;
// the TB's warps must not enter before (sorted_o).
// Not counted by the paper (the cost report lists them): the per-warp
// instruction count since the iteration began (ICW bits), the per-warp
// logical slot, and per TB the entry count, first-grant flags and request.
module vtw_slowest #(
  parameter integer W    = 48,
  parameter integer T    = 8,
  parameter integer S    = 2,
  parameter integer ICW  = 16,          // instructions per iteration counter
  parameter integer WIDW = $clog2(W),
  parameter integer TIDW = $clog2(T)
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire                  launch_valid_i,
  input  wire [TIDW-1:0]       launch_tb_i,
  input  wire [WIDW-1:0]       launch_first_i,
  input  wire [WIDW:0]         launch_nwarps_i,
  input  wire [W*TIDW-1:0]     wtb_i,       // warp slot -> TB slot
  input  wire [W-1:0]          wvalid_i,
  input  wire                  grant_valid_i,
  input  wire [TIDW-1:0]       grant_tb_i,
  input  wire [S-1:0]          iss_valid_i,
  input  wire [S*WIDW-1:0]     iss_warp_i,
  input  wire [S*TIDW-1:0]     iss_tb_i,
  input  wire [S-1:0]          enter_valid_i,
  output reg  [S*WIDW-1:0]     slot_o,      // the entering warp's logical slot
  output reg  [W*WIDW-1:0]     lslot_o,     // every warp's logical slot now
  output reg  [W*WIDW-1:0]     list_o,      // sl_q
  output wire                  sorted_o     // no sort running or requested
);
  reg [WIDW-1:0] sl_q    [0:W-1];
  reg [WIDW-1:0] sl_d    [0:W-1];
  reg [WIDW-1:0] ls_q    [0:W-1];   // logical warp slot in the TB
  reg [WIDW-1:0] ls_d    [0:W-1];
  reg [ICW-1:0]   ic_q    [0:W-1];   // instructions in this iteration
  reg [ICW-1:0]   ic_d    [0:W-1];
  reg [WIDW-1:0] first_q [0:T-1];
  reg [WIDW-1:0] first_d [0:T-1];
  reg [WIDW:0]   n_q     [0:T-1];
  reg [WIDW:0]   n_d     [0:T-1];
  reg [WIDW:0]   ent_q   [0:T-1];   // warps that entered since the last grant
  reg [WIDW:0]   ent_d   [0:T-1];
  reg [T-1:0]    g1_q, g1_d;        // a first index was granted
  reg [T-1:0]    g2_q, g2_d;        // a later one was: slots come from the list
  reg [T-1:0]    req_q, req_d;      // sort requested
  reg            run_q, run_d;      // a pass for cur_q is under way
  reg [TIDW-1:0] cur_q, cur_d;

  wire [WIDW-1:0]   a, b;
  wire [W*WIDW-1:0] perm;
  wire              busy;
  reg               start, b_first, ina, inb;
  reg [TIDW-1:0]    sel;

  integer w, t, s, k, fw, ft, ow;
  reg [WIDW:0]   wi, first_ext, end_ext;
  reg [WIDW-1:0] ws, kw;
  reg [TIDW-1:0] tb;
  reg [WIDW-1:0] pos;   // first + k: below W for every warp of a TB

  // Which TB is sorted: the running one, else the lowest request.
  always @* begin
    sel = cur_q;
    if (!busy && !run_q) begin
      for (t = T - 1; t >= 0; t = t - 1) if (req_q[t]) sel = t[TIDW-1:0];
    end
    start = !busy && !run_q && (|req_q);
    ina = wvalid_i[a] && (wtb_i[a*TIDW +: TIDW] == sel);
    inb = wvalid_i[b] && (wtb_i[b*TIDW +: TIDW] == sel);
    if (ina != inb)              b_first = inb;
    else if (ic_q[a] != ic_q[b]) b_first = ic_q[b] < ic_q[a];
    else                         b_first = b < a;
  end

  oet_perm_sorter #(.N(W), .IW(WIDW)) u_sorter (
    .clk_i, .rst_ni, .start_i(start), .b_first_i(b_first), .a_o(a), .b_o(b), .perm_o(perm), .busy_o(busy));

  always @* begin
    wi = {(WIDW+1){1'b0}};
    ws = {WIDW{1'b0}};
    kw = {WIDW{1'b0}};
    tb = {TIDW{1'b0}};
    pos = {WIDW{1'b0}};
    slot_o = {(S*WIDW){1'b0}};
    for (w = 0; w < W; w = w + 1) begin
      sl_d[w] = sl_q[w];
      ls_d[w] = ls_q[w];
      ic_d[w] = ic_q[w];
    end
    for (t = 0; t < T; t = t + 1) begin
      first_d[t] = first_q[t];
      n_d[t]     = n_q[t];
      ent_d[t]   = ent_q[t];
    end
    g1_d = g1_q;
    g2_d = g2_q;
    req_d = req_q;
    cur_d = start ? sel : cur_q;
    run_d = start || (run_q && busy);
    // The pass is over: copy the TB's sorted logical slots into its list.
    if (run_q && !busy) begin
      for (k = 0; k < W; k = k + 1) begin
        pos = first_q[cur_q] + k[WIDW-1:0];
        if (k[WIDW:0] < n_q[cur_q]) sl_d[pos] = ls_q[perm[k*WIDW +: WIDW]];
      end
    end
    if (start) req_d[sel] = 1'b0;
    if (grant_valid_i) begin
      g2_d[grant_tb_i]  = g1_q[grant_tb_i];
      g1_d[grant_tb_i]  = 1'b1;
      ent_d[grant_tb_i] = {(WIDW+1){1'b0}};
      req_d[grant_tb_i] = 1'b1;
    end
    first_ext = {1'b0, launch_first_i};
    end_ext   = first_ext + launch_nwarps_i;
    if (launch_valid_i) begin
      first_d[launch_tb_i] = launch_first_i;
      n_d[launch_tb_i]     = launch_nwarps_i;
      ent_d[launch_tb_i]   = {(WIDW+1){1'b0}};
      g1_d[launch_tb_i]    = 1'b0;
      g2_d[launch_tb_i]    = 1'b0;
      req_d[launch_tb_i]   = 1'b0;
      for (w = 0; w < W; w = w + 1) begin
        wi = w[WIDW:0];
        if ((wi >= first_ext) && (wi < end_ext)) begin
          ls_d[w] = wi[WIDW-1:0] - launch_first_i;
          ic_d[w] = {ICW{1'b0}};
        end
      end
    end
    for (s = 0; s < S; s = s + 1) begin
      ws = iss_warp_i[s*WIDW +: WIDW];
      tb = iss_tb_i[s*TIDW +: TIDW];
      if (iss_valid_i[s]) ic_d[ws] = ic_d[ws] + 1'b1;
      // nexttbid is the new iteration's first instruction (the functional
      // engine counts it after moving the warp on): the count restarts at 1.
      pos = first_q[tb] + ent_d[tb][WIDW-1:0];
      kw  = g2_q[tb] ? sl_q[pos] : ls_q[ws];
      slot_o[s*WIDW +: WIDW] = kw;
      if (enter_valid_i[s]) begin
        ls_d[ws]  = kw;
        ic_d[ws]  = {{(ICW-1){1'b0}}, 1'b1};
        ent_d[tb] = ent_d[tb] + 1'b1;
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (fw = 0; fw < W; fw = fw + 1) begin
        sl_q[fw] <= {WIDW{1'b0}};
        ls_q[fw] <= {WIDW{1'b0}};
        ic_q[fw] <= {ICW{1'b0}};
      end
      for (ft = 0; ft < T; ft = ft + 1) begin
        first_q[ft] <= {WIDW{1'b0}};
        n_q[ft]     <= {(WIDW+1){1'b0}};
        ent_q[ft]   <= {(WIDW+1){1'b0}};
      end
      g1_q  <= {T{1'b0}};
      g2_q  <= {T{1'b0}};
      req_q <= {T{1'b0}};
      run_q <= 1'b0;
      cur_q <= {TIDW{1'b0}};
    end else begin
      for (fw = 0; fw < W; fw = fw + 1) begin
        sl_q[fw] <= sl_d[fw];
        ls_q[fw] <= ls_d[fw];
        ic_q[fw] <= ic_d[fw];
      end
      for (ft = 0; ft < T; ft = ft + 1) begin
        first_q[ft] <= first_d[ft];
        n_q[ft]     <= n_d[ft];
        ent_q[ft]   <= ent_d[ft];
      end
      g1_q  <= g1_d;
      g2_q  <= g2_d;
      req_q <= req_d;
      run_q <= run_d;
      cur_q <= cur_d;
    end
  end

  always @* begin
    for (ow = 0; ow < W; ow = ow + 1) begin
      lslot_o[ow*WIDW +: WIDW] = ls_q[ow];
      list_o[ow*WIDW +: WIDW]  = sl_q[ow];
    end
  end

  assign sorted_o = !busy && !run_q && (req_q == {T{1'b0}});
endmodule
