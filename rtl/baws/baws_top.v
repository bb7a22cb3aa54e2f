// BAWS for one SM: the warp priority table, the per-scheduler last-issued
// pointers, the TB member masks and TB order (one of each, shared), one MWF
// issue selector per scheduler and the CFF fetch selector.
// The arrival / release of scheduler s belong to the instruction it issued,
// so their TB slot is that issue's TB slot.
//
// All selectors read the registered WPT and last-issued state, i.e. the
// state at the start of the cycle (see docs/rtl.md for how that relates to
// the golden pipeline, where scheduler 1's order already sees scheduler 0's
// events of the same cycle and the fetch stage sees the post-issue state).
module baws_top #(
  parameter integer W   = 48,
  parameter integer T   = 8,
  parameter integer S   = 2,
  parameter integer CW  = 6,
  parameter integer IDW = 16,
  parameter integer WW  = (W > 1) ? $clog2(W) : 1, // derived: warp index width
  parameter integer TW  = (T > 1) ? $clog2(T) : 1, // derived: TB slot index width
  parameter integer SW  = (S > 1) ? $clog2(S) : 1, // derived: scheduler index width
  parameter integer RW  = $clog2(W + 1)            // derived: rank width
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire              gto_i,                 // 0: MWF(LRR), 1: MWF(GTO)
  // Warp slots.
  input  wire [W-1:0]      warp_valid_i,
  input  wire [W-1:0]      warp_exited_i,
  input  wire [W*TW-1:0]   warp_tb_i,
  input  wire [W-1:0]      warp_issuable_i,       // Ready and its unit is free
  input  wire [W-1:0]      warp_fetchable_i,
  input  wire [W-1:0]      warp_ibuf_nonempty_i,
  input  wire [W-1:0]      warp_at_barrier_i,
  // TB slots.
  input  wire [T*IDW-1:0]  tb_id_i,
  input  wire [T*WW-1:0]   tb_first_i,
  input  wire [T*RW-1:0]   tb_warps_i,            // the TB's warps (0: free slot); its slots are one range
  input  wire [T-1:0]      launch_i,
  // What each scheduler issued this cycle and what the instruction did.
  input  wire [S-1:0]      issue_valid_i,
  input  wire [S*WW-1:0]   issue_warp_i,
  input  wire [S*TW-1:0]   issue_tb_i,
  input  wire [S-1:0]      arrive_i,              // the issued instruction was a bar.sync
  input  wire [S-1:0]      release_i,             // ... that released its TB's barrier
  input  wire              fetch_valid_i,         // a warp was fetched ...
  input  wire [SW-1:0]      fetch_sched_i,         // ... of this scheduler (WarpView::scheduler)
  // Results.
  output wire [T*CW-1:0]   count_o,
  output wire [S-1:0]      issue_pick_valid_o,
  output wire [S*WW-1:0]   issue_pick_warp_o,
  output wire [W*RW-1:0]   rank_o,
  output wire              fetch_pick_valid_o,
  output wire [WW-1:0]     fetch_pick_warp_o
);

  wire [S*T*WW-1:0] last_warp;
  wire [S*T-1:0]    last_valid;

  baws_wpt #(.T(T), .S(S), .CW(CW)) u_wpt (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .arrive_valid_i (issue_valid_i & arrive_i),
    .arrive_tb_i    (issue_tb_i),
    .release_valid_i(issue_valid_i & release_i),
    .release_tb_i   (issue_tb_i),
    .launch_i       (launch_i),
    .count_o        (count_o)
  );

  baws_last_issued #(.W(W), .T(T), .S(S)) u_last (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .issue_valid_i(issue_valid_i),
    .issue_warp_i (issue_warp_i),
    .issue_tb_i   (issue_tb_i),
    .launch_i     (launch_i),
    .last_warp_o  (last_warp),
    .last_valid_o (last_valid)
  );

  wire [T*W-1:0] members;  // TB t's valid warps in [t*W +: W]
  baws_tb_members #(.W(W), .T(T)) u_members (
    .warp_valid_i(warp_valid_i),
    .tb_first_i  (tb_first_i),
    .tb_warps_i  (tb_warps_i),
    .members_o   (members)
  );

  wire [T*T-1:0] prec;  // prec[u*T+t]: TB u goes before TB t
  baws_tb_order #(.W(W), .T(T), .CW(CW), .IDW(IDW)) u_order (
    .count_i (count_o),
    .id_i    (tb_id_i),
    .first_i (tb_first_i),
    .before_o(prec)
  );

  genvar gs;
  generate
    for (gs = 0; gs < S; gs = gs + 1) begin : g_sched
      // Scheduler gs owns warp slots gs, gs+S, ... (WarpView::scheduler).
      reg [W-1:0] mine;
      integer w;
      always @* begin
        for (w = 0; w < W; w = w + 1) mine[w] = (w % S) == gs;
      end

      baws_mwf_select #(.W(W), .T(T)) u_mwf (
        .gto_i          (gto_i),
        .warp_mine_i    (mine),
        .warp_issuable_i(warp_issuable_i),
        .warp_exited_i  (warp_exited_i),
        .tb_members_i   (members),
        .tb_prec_i      (prec),
        .last_warp_i    (last_warp[gs*T*WW +: T*WW]),
        .last_valid_i   (last_valid[gs*T +: T]),
        .pick_valid_o   (issue_pick_valid_o[gs]),
        .pick_warp_o    (issue_pick_warp_o[gs*WW +: WW])
      );
    end
  endgenerate

  baws_cff_select #(.W(W), .T(T), .S(S)) u_cff (
    .clk_i               (clk_i),
    .rst_ni              (rst_ni),
    .gto_i               (gto_i),
    .warp_valid_i        (warp_valid_i),
    .warp_exited_i       (warp_exited_i),
    .warp_tb_i           (warp_tb_i),
    .warp_fetchable_i    (warp_fetchable_i),
    .warp_ibuf_nonempty_i(warp_ibuf_nonempty_i),
    .warp_at_barrier_i   (warp_at_barrier_i),
    .tb_first_i          (tb_first_i),
    .tb_warps_i          (tb_warps_i),
    .tb_prec_i           (prec),
    .last_warp_i         (last_warp),
    .last_valid_i        (last_valid),
    .fetch_valid_i       (fetch_valid_i),
    .fetch_sched_i       (fetch_sched_i),
    .rank_o              (rank_o),
    .pick_valid_o        (fetch_pick_valid_o),
    .pick_warp_o         (fetch_pick_warp_o)
  );

endmodule
