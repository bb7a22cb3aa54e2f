// VTW warp scheduler of one SM (seed 004 Sec. 4.3.2, Algorithm 1; golden
// model sc_model/sched/vtw_policy.cc): PRO's progress and barrier / exit
// counters (rtl/common), the iteration state (vtw_iter), and the order
// composer: ONE comparator that implements VtwPolicy's warp key (class, the
// class's TB keys, TB age, the warp's progress, slot) on a W-entry
// oet_perm_sorter. The four fast-phase TB classes are not stored: a warp's
// class is read from its TB's counters when it is compared (barrier: a warp
// waits; DiffIter lower / higher: nahead > 0 and the warp's flag; SameIter;
// slow phase: exhausted_i). A pass takes W*(W-1)/2 cycles (1128 at W = 48);
// any event requests another, rerun after the current one, so done_o says
// order_o is VtwPolicy::order() of the state the counters hold now.
// Edge semantics as pro_top: TB finish, TB launch, then per scheduler the
// issued instruction (progress), its barrier arrival, release, exit, or
// its entry into the next iteration (nexttbid).
module vtw_sched #(
  parameter integer W       = 48,
  parameter integer T       = 8,
  parameter integer S       = 2,
  parameter integer PW      = 32,
  parameter integer NW      = 8,
  parameter integer IDW     = 16,
  parameter integer IW      = 32,
  parameter integer ONE_BIT = 0,
  parameter integer WIDW    = $clog2(W),
  parameter integer TIDW    = $clog2(T)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                finish_valid_i,
  input  wire [TIDW-1:0]     finish_tb_i,
  input  wire                launch_valid_i,
  input  wire [TIDW-1:0]     launch_tb_i,
  input  wire [IDW-1:0]      launch_id_i,    // launch sequence (TB age)
  input  wire [WIDW-1:0]     launch_first_i,
  input  wire [WIDW:0]       launch_nwarps_i,
  input  wire [T-1:0]        exhausted_i,    // the TB's kernel has no logical TB index left
  input  wire [S-1:0]        iss_valid_i,
  input  wire [S*WIDW-1:0]   iss_warp_i,
  input  wire [S*TIDW-1:0]   iss_tb_i,
  input  wire [S*6-1:0]      iss_active_i,
  input  wire [S-1:0]        arr_valid_i,
  input  wire [S-1:0]        rel_valid_i,
  input  wire [S*NW-1:0]     rel_cnt_i,
  input  wire [S-1:0]        exit_valid_i,
  input  wire [S-1:0]        enter_valid_i,
  output wire [W*PW-1:0]     warp_prog_o,
  output wire [T*PW-1:0]     tb_prog_o,
  output wire [T*NW-1:0]     nbar_o,
  output wire [T*NW-1:0]     nfin_o,
  output wire [T*NW-1:0]     nahead_o,
  output wire [W-1:0]        ahead_o,
  output wire [W*IW-1:0]     witer_o,
  output wire [T*IW-1:0]     titer_o,
  output wire [W*WIDW-1:0]   order_o,        // position p -> warp slot; valid warps first
  output wire [W-1:0]        wvalid_o,       // a resident TB owns the slot
  output wire [W*TIDW-1:0]   wtb_o,          // warp slot -> TB slot
  output wire [T*(WIDW+1)-1:0] nwarps_o,
  output wire                done_o
);
  localparam [2:0] BARRIER = 3'd0, LOWER = 3'd1, SAME = 3'd2, HIGHER = 3'd3, SLOW = 3'd4;

  wire [T*(WIDW+1)-1:0] nwarps;
  // pro_tb_counters' per-event flags drive PRO's state machine; VTW has none.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [S-1:0]          rel_clear, exit_first, exit_last;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [WIDW-1:0]       a, b;
  wire                  busy;
  reg  [W*TIDW-1:0]     wtb_q, wtb_d;      // the SM's warp table: slot -> TB slot
  reg  [W-1:0]          wv_q, wv_d;
  reg  [IDW-1:0]        id_q [0:T-1];
  reg  [IDW-1:0]        id_d [0:T-1];
  reg                   dirty_q, dirty_d;
  reg  [T-1:0]          exh_q;             // exhausted_i as last seen (a change re-sorts)
  integer               ft2;

  pro_progress #(.W(W), .T(T), .S(S), .PW(PW), .WIDW(WIDW), .TIDW(TIDW)) u_progress (
    .clk_i, .rst_ni, .iss_valid_i, .iss_warp_i, .iss_tb_i, .iss_active_i,
    .launch_valid_i, .launch_tb_i, .launch_first_i, .launch_nwarps_i,
    .warp_prog_o, .tb_prog_o);

  pro_tb_counters #(.W(W), .T(T), .S(S), .NW(NW), .WIDW(WIDW), .TIDW(TIDW)) u_counters (
    .clk_i, .rst_ni, .launch_valid_i, .launch_tb_i, .launch_nwarps_i,
    .iss_tb_i, .arr_valid_i, .rel_valid_i, .rel_cnt_i, .exit_valid_i,
    .rel_clear_o(rel_clear), .exit_first_o(exit_first), .exit_last_o(exit_last),
    .nbar_o, .nfin_o, .nwarps_o(nwarps));

  vtw_iter #(.W(W), .T(T), .S(S), .NW(NW), .IW(IW), .ONE_BIT(ONE_BIT), .WIDW(WIDW), .TIDW(TIDW)) u_iter (
    .clk_i, .rst_ni, .launch_valid_i, .launch_tb_i, .launch_first_i, .launch_nwarps_i,
    .iss_warp_i, .iss_tb_i, .enter_valid_i, .exit_valid_i, .wtb_i(wtb_q), .nfin_i(nfin_o),
    .nwarps_i(nwarps), .ahead_o, .nahead_o, .witer_o, .titer_o);

  // ---- the comparator: b_first = key(b) < key(a) (VtwPolicy::Key) ----
  function automatic [2:0] class_of(input [TIDW-1:0] t, input ah);
    if (exhausted_i[t])                        class_of = SLOW;
    else if (nbar_o[t*NW +: NW] != {NW{1'b0}}) class_of = BARRIER;
    else if (nahead_o[t*NW +: NW] == {NW{1'b0}}) class_of = SAME;
    else                                       class_of = ah ? HIGHER : LOWER;
  endfunction

  // The class's first TB key, as a number that sorts smaller-first: the
  // counts that sort more-first are inverted. LOWER: live warps not ahead
  // (NW and WIDW+1 differ: computed zero-extended in 32 bits).
  function automatic [31:0] tb_first(input [2:0] c, input [TIDW-1:0] t);
    case (c)
      BARRIER: tb_first = {{(32-NW){1'b0}}, ~nbar_o[t*NW +: NW]};
      LOWER:   tb_first = {{(32-WIDW-1){1'b0}}, nwarps[t*(WIDW+1) +: (WIDW+1)]} -
                          {{(32-NW){1'b0}}, nfin_o[t*NW +: NW]} - {{(32-NW){1'b0}}, nahead_o[t*NW +: NW]};
      HIGHER:  tb_first = {{(32-NW){1'b0}}, ~nahead_o[t*NW +: NW]};
      default: tb_first = 32'd0;
    endcase
  endfunction

  reg [TIDW-1:0] ta, tb;
  reg [2:0]      ca, cb;
  reg [31:0]     fa, fb;
  reg [PW-1:0]   tpa, tpb, wpa, wpb;
  reg            b_first, tb_inc, w_dec;
  always @* begin
    ta  = wtb_q[a*TIDW +: TIDW];
    tb  = wtb_q[b*TIDW +: TIDW];
    ca  = class_of(ta, ahead_o[a]);
    cb  = class_of(tb, ahead_o[b]);
    fa  = tb_first(ca, ta);
    fb  = tb_first(cb, tb);
    tpa = tb_prog_o[ta*PW +: PW];
    tpb = tb_prog_o[tb*PW +: PW];
    wpa = warp_prog_o[a*PW +: PW];
    wpb = warp_prog_o[b*PW +: PW];
    tb_inc = (cb == SLOW);   // TB progress: less first only in the slow phase
    w_dec  = (cb == SAME);   // warp progress: more first only in SameIter
    if (wv_q[a] != wv_q[b])       b_first = wv_q[b];
    else if (ca != cb)            b_first = cb < ca;
    else if (fa != fb)            b_first = fb < fa;
    else if (tpa != tpb)          b_first = tb_inc ? (tpb < tpa) : (tpb > tpa);
    else if (id_q[ta] != id_q[tb]) b_first = id_q[tb] < id_q[ta];
    else if (wpa != wpb)          b_first = w_dec ? (wpb > wpa) : (wpb < wpa);
    else                          b_first = b < a;
  end

  oet_perm_sorter #(.N(W), .IW(WIDW)) u_sorter (
    .clk_i, .rst_ni, .start_i(dirty_q), .b_first_i(b_first), .a_o(a), .b_o(b),
    .perm_o(order_o), .busy_o(busy));

  // ---- warp table, TB age, sort requests ----
  integer w, ft;
  reg [WIDW:0] wi, first_ext, end_ext;
  always @* begin
    wtb_d = wtb_q;
    wv_d  = wv_q;
    for (ft = 0; ft < T; ft = ft + 1) id_d[ft] = id_q[ft];
    first_ext = {1'b0, launch_first_i};
    end_ext   = first_ext + launch_nwarps_i;
    for (w = 0; w < W; w = w + 1) begin
      wi = w[WIDW:0];
      if (finish_valid_i && (wtb_q[w*TIDW +: TIDW] == finish_tb_i)) wv_d[w] = 1'b0;
      if (launch_valid_i && (wi >= first_ext) && (wi < end_ext)) begin
        wv_d[w] = 1'b1;
        wtb_d[w*TIDW +: TIDW] = launch_tb_i;
      end
    end
    if (launch_valid_i) id_d[launch_tb_i] = launch_id_i;
    // Every event moves a key; a pass starting now reads the keys of the
    // next edge onwards, so the request clears only when a pass starts with
    // no new event.
    dirty_d = (dirty_q && busy) || finish_valid_i || launch_valid_i || (|iss_valid_i) ||
              (|arr_valid_i) || (|rel_valid_i) || (|exit_valid_i) || (|enter_valid_i) ||
              (exhausted_i != exh_q);
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wtb_q   <= {(W*TIDW){1'b0}};
      wv_q    <= {W{1'b0}};
      exh_q   <= {T{1'b0}};
      dirty_q <= 1'b0;
      for (ft2 = 0; ft2 < T; ft2 = ft2 + 1) id_q[ft2] <= {IDW{1'b0}};
    end else begin
      wtb_q   <= wtb_d;
      wv_q    <= wv_d;
      exh_q   <= exhausted_i;
      dirty_q <= dirty_d;
      for (ft2 = 0; ft2 < T; ft2 = ft2 + 1) id_q[ft2] <= id_d[ft2];
    end
  end

  assign wvalid_o = wv_q;
  assign wtb_o    = wtb_q;
  assign nwarps_o = nwarps;
  assign done_o   = !dirty_q && !busy;
endmodule
