// VTW warp scheduler of one SM (seed 004 Sec. 4.3.2, Algorithm 1; golden
// model sc_model/sched/vtw_policy.cc): PRO's progress and barrier / exit
// counters (rtl/common), the iteration state (vtw_iter), and per scheduler
// the pick: of its warp slots (slot % S == scheduler) that cand_i offers
// (Ready, head unit free), the first in VtwPolicy's order (class, the
// class's TB key, TB progress, TB age, the warp's progress, slot), by two
// argmin_trees: the best group of warps sharing the TB fields of the key,
// then the best warp in it. The issue stage only ever takes the first
// candidate of the order, so no order is kept: the pick is combinational,
// ready in the cycle cand_i is. The keys are functions of registered state
// only (exhausted_i is registered as exh_q). The four
// fast-phase TB classes are not stored: a warp's class is read from its
// TB's counters (barrier: a warp waits; DiffIter lower / higher: nahead > 0
// and the warp's flag; SameIter; slow phase: exh_q).
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
  parameter integer TIDW    = $clog2(T),
  parameter integer PIW     = $clog2(W / S)   // a slot's index among its scheduler's
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
  input  wire [T-1:0]        exhausted_i,    // the TB's kernel has no logical TB index left (next edge)
  input  wire [S-1:0]        iss_valid_i,
  input  wire [S*WIDW-1:0]   iss_warp_i,
  input  wire [S*TIDW-1:0]   iss_tb_i,
  input  wire [S*6-1:0]      iss_active_i,
  input  wire [S-1:0]        arr_valid_i,
  input  wire [S-1:0]        rel_valid_i,
  input  wire [S*NW-1:0]     rel_cnt_i,
  input  wire [S-1:0]        exit_valid_i,
  input  wire [S-1:0]        enter_valid_i,
  input  wire [W-1:0]        cand_i,         // per slot: Ready and its head's unit free
  output wire [W*PW-1:0]     warp_prog_o,
  output wire [T*PW-1:0]     tb_prog_o,
  output wire [T*NW-1:0]     nbar_o,
  output wire [T*NW-1:0]     nfin_o,
  output wire [T*NW-1:0]     nahead_o,
  output wire [W-1:0]        ahead_o,
  output wire [W*IW-1:0]     witer_o,
  output wire [T*IW-1:0]     titer_o,
  output wire [S-1:0]        pick_valid_o,   // per scheduler: some slot of its is a candidate
  output wire [S*WIDW-1:0]   pick_o,         // per scheduler: the first candidate's slot
  output wire [W-1:0]        wvalid_o,       // a resident TB owns the slot
  output wire [W*TIDW-1:0]   wtb_o,          // warp slot -> TB slot
  output wire [T*(WIDW+1)-1:0] nwarps_o
);
  localparam [2:0] BARRIER = 3'd0, LOWER = 3'd1, SAME = 3'd2, HIGHER = 3'd3, SLOW = 3'd4;
  localparam integer NS = W / S;                             // slots per scheduler
  localparam integer FW = (NW > WIDW + 1) ? NW : WIDW + 1;   // the class's first TB key
  localparam integer G  = 2 * T;                             // warp groups (below)
  localparam integer GIW = $clog2(G);
  localparam integer GKW = 3 + FW + PW + IDW;                // a group's key: class, TB key, TB progress, age

  wire [T*(WIDW+1)-1:0] nwarps;
  // pro_tb_counters' per-event flags drive PRO's state machine; VTW has none.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [S-1:0]          rel_clear, exit_first, exit_last;
  /* verilator lint_on UNUSEDSIGNAL */
  reg  [W*TIDW-1:0]     wtb_q, wtb_d;      // the SM's warp table: slot -> TB slot
  reg  [W-1:0]          wv_q, wv_d;
  reg  [IDW-1:0]        id_q [0:T-1];
  reg  [IDW-1:0]        id_d [0:T-1];
  reg  [T-1:0]          exh_q;             // exhausted_i at the last edge: the slow phase
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

  // ---- the key: VtwPolicy::Key, smaller first ----
  function automatic [2:0] class_of(input [TIDW-1:0] t, input ah);
    if (exh_q[t])                              class_of = SLOW;
    else if (nbar_o[t*NW +: NW] != {NW{1'b0}}) class_of = BARRIER;
    else if (nahead_o[t*NW +: NW] == {NW{1'b0}}) class_of = SAME;
    else                                       class_of = ah ? HIGHER : LOWER;
  endfunction

  // The class's first TB key, as a number that sorts smaller-first: the
  // counts that sort more-first are inverted. LOWER: live warps not ahead
  // (NW and WIDW+1 differ: computed zero-extended in 32 bits; every value
  // fits FW bits).
  function automatic [31:0] tb_first(input [2:0] c, input [TIDW-1:0] t);
    case (c)
      BARRIER: tb_first = {{(32-NW){1'b0}}, ~nbar_o[t*NW +: NW]};
      LOWER:   tb_first = {{(32-WIDW-1){1'b0}}, nwarps[t*(WIDW+1) +: (WIDW+1)]} -
                          {{(32-NW){1'b0}}, nfin_o[t*NW +: NW]} - {{(32-NW){1'b0}}, nahead_o[t*NW +: NW]};
      HIGHER:  tb_first = {{(32-NW){1'b0}}, ~nahead_o[t*NW +: NW]};
      default: tb_first = 32'd0;
    endcase
  endfunction

  // Every key field but the warp's progress is its TB's, and its class's
  // (a DiffIter TB's warps ahead are HIGHER, the rest LOWER). So the warps
  // fall into G = 2T groups, group 2t + a holding TB t's warps with a = 1
  // for those HIGHER, each with one key (class, TB key, TB progress, age);
  // two groups with warps never share a key (one TB: other classes; two:
  // other ages, while resident TBs launch fewer than 2^IDW apart). The pick is then the best group with a candidate, and in
  // it the candidate of least progress (most in SameIter), lower slot on
  // ties: VtwPolicy's first candidate, from per-TB keys (no per-warp copy
  // of its TB's fields). Keys and groups are functions of registers.
  reg  [G*GKW-1:0] gkey;
  reg  [G-1:0]     gsame;           // the group is SameIter: more progress first
  reg  [W-1:0]     gm [0:G-1];      // the group's warps
  reg  [T-1:0]     gdiff;           // the TB is DiffIter
  reg  [2:0]       gc_cls;
  /* verilator lint_off UNUSEDSIGNAL */
  reg  [31:0]      gf;
  /* verilator lint_on UNUSEDSIGNAL */
  reg  [PW-1:0]    gtp;
  reg  [TIDW-1:0]  gt_w;
  integer          gt, ga, gg, gw;
  always @* begin
    for (gt = 0; gt < T; gt = gt + 1) begin
      for (ga = 0; ga < 2; ga = ga + 1) begin
        gc_cls = class_of(gt[TIDW-1:0], ga[0]);
        gf     = tb_first(gc_cls, gt[TIDW-1:0]);
        gtp    = tb_prog_o[gt*PW +: PW];
        // TB progress more first but in the slow phase.
        gkey[(2*gt + ga)*GKW +: GKW] = {gc_cls, gf[FW-1:0], (gc_cls == SLOW) ? gtp : ~gtp, id_q[gt]};
        gsame[2*gt + ga] = (gc_cls == SAME);
      end
      // DiffIter (its warps ahead are HIGHER): the class differs by the flag.
      gdiff[gt] = (class_of(gt[TIDW-1:0], 1'b0) != class_of(gt[TIDW-1:0], 1'b1));
    end
    for (gg = 0; gg < G; gg = gg + 1) gm[gg] = {W{1'b0}};
    for (gw = 0; gw < W; gw = gw + 1) begin
      gt_w = wtb_q[gw*TIDW +: TIDW];
      gm[{gt_w, gdiff[gt_w] & ahead_o[gw]}][gw] = wv_q[gw];
    end
  end

  // Scheduler s's slots: w % S == s.
  function automatic [W-1:0] slots_of(input integer s);
    integer i;
    begin
      slots_of = {W{1'b0}};
      for (i = 0; i < W; i = i + 1) slots_of[i] = (i % S == s);
    end
  endfunction

  genvar gs;
  generate
    for (gs = 0; gs < S; gs = gs + 1) begin : g_pick
      reg  [W-1:0]     mine;          // this scheduler's candidates
      reg  [W-1:0]     sel;           // those in the best group
      reg  [G-1:0]     gcand;         // groups holding one
      wire             gvalid;
      wire [GIW-1:0]   gbest;
      reg  [NS*PW-1:0] wkey;
      reg  [NS-1:0]    wcand;
      reg  [PW-1:0]    inv;           // all ones: the group is SameIter
      wire [PIW-1:0]   entry;
      /* verilator lint_off UNUSEDSIGNAL */
      wire [31:0]      slot = {{(32-PIW){1'b0}}, entry} * S + gs;
      /* verilator lint_on UNUSEDSIGNAL */
      integer          mg, me;
      always @* begin
        mine = cand_i & wv_q & slots_of(gs);
        for (mg = 0; mg < G; mg = mg + 1) gcand[mg] = |(gm[mg] & mine);
      end
      argmin_tree #(.N(G), .KW(GKW), .IW(GIW)) u_group (
        .key_i(gkey), .valid_i(gcand), .valid_o(gvalid), .idx_o(gbest));
      // Entry e is slot e*S + gs, so a lower entry is a lower slot.
      always @* begin
        sel = gvalid ? (mine & gm[gbest]) : {W{1'b0}};
        inv = {PW{gsame[gbest]}};
        for (me = 0; me < NS; me = me + 1) begin
          wkey[me*PW +: PW] = warp_prog_o[(me*S + gs)*PW +: PW] ^ inv;
          wcand[me] = sel[me*S + gs];
        end
      end
      argmin_tree #(.N(NS), .KW(PW), .IW(PIW)) u_warp (
        .key_i(wkey), .valid_i(wcand), .valid_o(pick_valid_o[gs]), .idx_o(entry));
      assign pick_o[gs*WIDW +: WIDW] = slot[WIDW-1:0];
    end
  endgenerate

  // ---- warp table, TB age ----
  integer w, ft;
  reg [WIDW:0] wi, first_ext, end_ext;
  always @* begin
    wtb_d = wtb_q;
    wv_d  = wv_q;
    for (ft = 0; ft < T; ft = ft + 1) id_d[ft] = id_q[ft];
    first_ext = {1'b0, launch_first_i};
    end_ext   = first_ext + launch_nwarps_i;
    wi        = {(WIDW+1){1'b0}};
    // (Each loop under its valid: the same logic, and a simulator skips
    // it in the cycles without the event.)
    if (finish_valid_i)
      for (w = 0; w < W; w = w + 1)
        if (wtb_q[w*TIDW +: TIDW] == finish_tb_i) wv_d[w] = 1'b0;
    if (launch_valid_i)
      for (w = 0; w < W; w = w + 1) begin
        wi = w[WIDW:0];
        if ((wi >= first_ext) && (wi < end_ext)) begin
          wv_d[w] = 1'b1;
          wtb_d[w*TIDW +: TIDW] = launch_tb_i;
        end
      end
    if (launch_valid_i) id_d[launch_tb_i] = launch_id_i;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wtb_q   <= {(W*TIDW){1'b0}};
      wv_q    <= {W{1'b0}};
      exh_q   <= {T{1'b0}};
      for (ft2 = 0; ft2 < T; ft2 = ft2 + 1) id_q[ft2] <= {IDW{1'b0}};
    end else begin
      wtb_q   <= wtb_d;
      wv_q    <= wv_d;
      exh_q   <= exhausted_i;
      for (ft2 = 0; ft2 < T; ft2 = ft2 + 1) id_q[ft2] <= id_d[ft2];
    end
  end

  assign wvalid_o = wv_q;
  assign wtb_o    = wtb_q;
  assign nwarps_o = nwarps;
endmodule
