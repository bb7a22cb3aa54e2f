// MWF issue selection for ONE scheduler (combinational): the first issuable
// warp of MwfPolicy::order(), i.e. what IssueStage::schedule issues.
//
// The golden order lists the scheduler's valid warps TB by TB (TBs by
// baws_tb_order: more warps waiting first, then smaller TB id, then smaller
// first slot) and, inside a TB, MWF(LRR): round robin starting after the
// warp this scheduler issued last in that TB (none: from the lowest slot),
// or MWF(GTO): that warp first while it is valid, of this TB and not exited,
// then ascending slot. The first issuable warp of that list is the first
// issuable warp of the best TB that has one, so the hardware does not build
// the list:
//   1. elig = mine & issuable over the valid warps; has_elig[t] = TB t's
//      member mask (baws_tb_members) meets elig;
//   2. best = the TB with has_elig that no other TB with has_elig precedes
//      (one-hot; T x T AND-OR over the precedence matrix);
//   3. in_best = elig warps of TB best; lw/lv = best's last-issued entry;
//   4. LRR: first in_best slot > lw if any (and lv), else first in_best slot;
//      GTO: lw if lv, in_best[lw] and not exited[lw], else first in_best slot.
// Warps left out of the issuable mask (stalled, at the barrier, exited) keep
// their place in the golden order and are skipped there as here.
// Cost: T W-bit AND-ORs, 2 W-bit priority encoders, a W-bit "after lw"
// mask; the TB member masks and the TB order come from baws_top, shared with
// the other scheduler and CFF.
module baws_mwf_select #(
  parameter integer W  = 48,
  parameter integer T  = 8,
  parameter integer WW = (W > 1) ? $clog2(W) : 1  // derived: warp index width
) (
  input  wire             gto_i,          // 0: MWF(LRR), 1: MWF(GTO)
  input  wire [W-1:0]     warp_mine_i,    // slot % S == this scheduler
  input  wire [W-1:0]     warp_issuable_i,// Ready and its execution unit is free
  input  wire [W-1:0]     warp_exited_i,  // done while its TB still runs
  input  wire [T*W-1:0]   tb_members_i,   // TB t's valid warps in [t*W +: W] (baws_tb_members)
  input  wire [T*T-1:0]   tb_prec_i,      // bit u*T+t: TB u goes before TB t (baws_tb_order)
  input  wire [T*WW-1:0]  last_warp_i,    // this scheduler's last-issued warp per TB
  input  wire [T-1:0]     last_valid_i,
  output reg              pick_valid_o,   // some warp of this scheduler can issue
  output reg  [WW-1:0]    pick_warp_o
);

  // The lowest set bit of m (0 when none).
  function automatic [WW-1:0] lowest(input [W-1:0] m);
    integer i;
    begin
      lowest = {WW{1'b0}};
      for (i = W - 1; i >= 0; i = i - 1)
        if (m[i]) lowest = i[WW-1:0];
    end
  endfunction

  reg [W-1:0]  elig, in_best, after_lw;
  reg [T-1:0]  has_elig, best;
  reg [WW-1:0] lw;
  reg          lv, greedy;

  integer t, u;
  always @* begin
    elig = warp_mine_i & warp_issuable_i;
    for (t = 0; t < T; t = t + 1)
      has_elig[t] = |(tb_members_i[t*W +: W] & elig);

    best = has_elig;
    for (t = 0; t < T; t = t + 1)
      for (u = 0; u < T; u = u + 1)
        if (u != t && has_elig[u] && tb_prec_i[u*T+t]) best[t] = 1'b0;

    // One-hot best: OR-mux its last-issued entry and its eligible warps.
    lw = {WW{1'b0}};
    lv = 1'b0;
    in_best = {W{1'b0}};
    for (t = 0; t < T; t = t + 1)
      if (best[t]) begin
        lw = lw | last_warp_i[t*WW +: WW];
        lv = lv | last_valid_i[t];
        in_best = in_best | (tb_members_i[t*W +: W] & elig);
      end

    // Warps after lw (none without a last-issued warp); shifts past W give 0.
    after_lw = lv ? (({W{1'b1}} << lw) << 1) : {W{1'b0}};
    greedy = lv && (((in_best & ~warp_exited_i) >> lw) & {{(W-1){1'b0}}, 1'b1}) != {W{1'b0}};

    pick_valid_o = |has_elig;
    if (gto_i) pick_warp_o = greedy ? lw : lowest(in_best);
    else       pick_warp_o = (|(in_best & after_lw)) ? lowest(in_best & after_lw) : lowest(in_best);
  end

endmodule
