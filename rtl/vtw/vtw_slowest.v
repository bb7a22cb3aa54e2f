// VTW's SlowestLane thread-index hardware of one SM (seed 004 Sec. 4.2.2;
// golden model func::Engine::grant_tb_index / ExecContext::next_tid in
// sc_model/func/virtual_tb.cc). When a TB's next logical index is granted,
// its warps are sorted by the instructions they executed in the iteration
// that ends, fewest first (ties: lower warp slot), and the sorted list of
// their logical warp slots is kept in the W registers sl_q (the paper's
// 48 one-byte registers; TB t's list at its own warp slots first..first+n-1).
// The k-th warp to enter the next iteration takes list entry k as its
// logical slot (slot_o; vtw_lane_slots keeps the slots and entry ranks);
// in the first iteration each keeps its own.
// The sort is oet_perm_sorter over the W warp slots with the TB's warps
// keyed first: W*(W-1)/2 cycles, one TB at a time, further grants wait in
// a per-TB request bit. The result is copied into sl_q when the pass ends;
// the TB's warps must not enter before (sorted_o).
// Not counted by the paper (the cost report lists them): the per-warp
// instruction count since the iteration began (ICW bits), and
// vtw_lane_slots' per-warp logical slot and per-TB entry count and flags.
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
  output wire [S*WIDW-1:0]     slot_o,      // the entering warp's logical slot
  output wire [W*WIDW-1:0]     lslot_o,     // every warp's logical slot now
  output reg  [W*WIDW-1:0]     list_o,      // sl_q
  output wire                  sorted_o     // no sort running or requested
);
  reg [WIDW-1:0] sl_q    [0:W-1];
  reg [WIDW-1:0] sl_d    [0:W-1];
  reg [ICW-1:0]   ic_q    [0:W-1];   // instructions in this iteration
  reg [ICW-1:0]   ic_d    [0:W-1];
  reg [T-1:0]    req_q, req_d;      // sort requested
  reg            run_q, run_d;      // a pass for cur_q is under way
  reg [TIDW-1:0] cur_q, cur_d;

  wire [WIDW-1:0]       a, b;
  wire [W*WIDW-1:0]     perm;
  wire                  busy;
  wire [S*WIDW-1:0]     rank;
  reg  [S*WIDW-1:0]     listed;
  wire [T*WIDW-1:0]     first;
  wire [T*(WIDW+1)-1:0] n;
  // The same as arrays: indexed by a variable they become mux trees, where
  // a variable part-select of the packed vector becomes a shifter per use.
  reg  [WIDW-1:0]       ls_a    [0:W-1];
  reg  [WIDW-1:0]       first_a [0:T-1];
  reg  [WIDW:0]         n_a     [0:T-1];
  reg                   start, b_first, ina, inb;
  reg [TIDW-1:0]        sel;

  integer w, t, s, k, fw, ow, ua;
  reg [WIDW:0]   wi, first_ext, end_ext, ncur;
  reg [WIDW-1:0] ws;
  reg [TIDW-1:0] tb;
  reg [WIDW-1:0] pos, lpos;   // first + k: below W for every warp of a TB

  vtw_lane_slots #(.W(W), .T(T), .S(S), .WIDW(WIDW), .TIDW(TIDW)) u_slots (
    .clk_i, .rst_ni, .launch_valid_i, .launch_tb_i, .launch_first_i, .launch_nwarps_i, .grant_valid_i,
    .grant_tb_i, .iss_warp_i, .iss_tb_i, .enter_valid_i, .rank_o(rank), .listed_i(listed), .slot_o, .lslot_o,
    .first_o(first), .n_o(n));

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
    for (ua = 0; ua < W; ua = ua + 1) ls_a[ua] = lslot_o[ua*WIDW +: WIDW];
    for (ua = 0; ua < T; ua = ua + 1) begin
      first_a[ua] = first[ua*WIDW +: WIDW];
      n_a[ua]     = n[ua*(WIDW+1) +: WIDW+1];
    end
  end

  // Rank k of TB t's entries reads list entry first(t) + k.
  integer ls;
  always @* begin
    tb = {TIDW{1'b0}};
    lpos = {WIDW{1'b0}};
    for (ls = 0; ls < S; ls = ls + 1) begin
      tb = iss_tb_i[ls*TIDW +: TIDW];
      lpos = first_a[tb] + rank[ls*WIDW +: WIDW];
      listed[ls*WIDW +: WIDW] = sl_q[lpos];
    end
  end

  always @* begin
    wi = {(WIDW+1){1'b0}};
    ws = {WIDW{1'b0}};
    pos = {WIDW{1'b0}};
    ncur = n_a[cur_q];
    for (w = 0; w < W; w = w + 1) begin
      sl_d[w] = sl_q[w];
      ic_d[w] = ic_q[w];
    end
    req_d = req_q;
    cur_d = start ? sel : cur_q;
    run_d = start || (run_q && busy);
    // The pass is over: copy the TB's sorted logical slots into its list.
    if (run_q && !busy) begin
      for (k = 0; k < W; k = k + 1) begin
        pos = first_a[cur_q] + k[WIDW-1:0];
        if (k[WIDW:0] < ncur) sl_d[pos] = ls_a[perm[k*WIDW +: WIDW]];
      end
    end
    if (start) req_d[sel] = 1'b0;
    if (grant_valid_i) req_d[grant_tb_i] = 1'b1;
    first_ext = {1'b0, launch_first_i};
    end_ext   = first_ext + launch_nwarps_i;
    if (launch_valid_i) begin
      req_d[launch_tb_i] = 1'b0;
      for (w = 0; w < W; w = w + 1) begin
        wi = w[WIDW:0];
        if ((wi >= first_ext) && (wi < end_ext)) ic_d[w] = {ICW{1'b0}};
      end
    end
    for (s = 0; s < S; s = s + 1) begin
      ws = iss_warp_i[s*WIDW +: WIDW];
      if (iss_valid_i[s]) ic_d[ws] = ic_d[ws] + 1'b1;
      // nexttbid is the new iteration's first instruction (the functional
      // engine counts it after moving the warp on): the count restarts at 1.
      if (enter_valid_i[s]) ic_d[ws] = {{(ICW-1){1'b0}}, 1'b1};
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (fw = 0; fw < W; fw = fw + 1) begin
        sl_q[fw] <= {WIDW{1'b0}};
        ic_q[fw] <= {ICW{1'b0}};
      end
      req_q <= {T{1'b0}};
      run_q <= 1'b0;
      cur_q <= {TIDW{1'b0}};
    end else begin
      for (fw = 0; fw < W; fw = fw + 1) begin
        sl_q[fw] <= sl_d[fw];
        ic_q[fw] <= ic_d[fw];
      end
      req_q <= req_d;
      run_q <= run_d;
      cur_q <= cur_d;
    end
  end

  always @* begin
    for (ow = 0; ow < W; ow = ow + 1) list_o[ow*WIDW +: WIDW] = sl_q[ow];
  end

  assign sorted_o = !busy && !run_q && (req_q == {T{1'b0}});
endmodule
