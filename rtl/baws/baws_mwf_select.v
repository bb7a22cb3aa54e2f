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
//   1. elig = valid & mine & issuable; has_elig[t] = TB t has an eligible warp;
//   2. best = the TB with has_elig that no other TB with has_elig precedes
//      (one-hot; T x T AND-OR over the precedence matrix);
//   3. in_best = elig warps of TB best; lw/lv = best's last-issued entry;
//   4. LRR: first in_best slot > lw if any (and lv), else first in_best slot;
//      GTO: lw if lv, in_best[lw] and not exited[lw], else first in_best slot.
// Warps left out of the issuable mask (stalled, at the barrier, exited) keep
// their place in the golden order and are skipped there as here.
// Cost: W x T TB-slot decode, 2 W-bit priority encoders, one WW-bit
// comparator per warp slot, plus baws_tb_order.
module baws_mwf_select #(
  parameter integer W   = 48,
  parameter integer T   = 8,
  parameter integer CW  = 6,
  parameter integer IDW = 16,
  parameter integer WW  = (W > 1) ? $clog2(W) : 1, // derived: warp index width
  parameter integer TW  = (T > 1) ? $clog2(T) : 1  // derived: TB slot index width
) (
  input  wire             gto_i,          // 0: MWF(LRR), 1: MWF(GTO)
  input  wire [W-1:0]     warp_valid_i,   // a TB owns the slot
  input  wire [W-1:0]     warp_mine_i,    // slot % S == this scheduler
  input  wire [W-1:0]     warp_issuable_i,// Ready and its execution unit is free
  input  wire [W-1:0]     warp_exited_i,  // done while its TB still runs
  input  wire [W*TW-1:0]  warp_tb_i,      // TB slot of warp w in [w*TW +: TW]
  input  wire [T*CW-1:0]  tb_count_i,     // WPT counters
  input  wire [T*IDW-1:0] tb_id_i,        // TB ids (linear grid index)
  input  wire [T*WW-1:0]  tb_first_i,     // first warp slot of each TB
  input  wire [T*WW-1:0]  last_warp_i,    // this scheduler's last-issued warp per TB
  input  wire [T-1:0]     last_valid_i,
  output reg              pick_valid_o,   // some warp of this scheduler can issue
  output reg  [WW-1:0]    pick_warp_o
);

  wire [T*T-1:0] prec;  // prec[u*T+t]: TB u goes before TB t ("before" is an SV keyword)
  baws_tb_order #(.W(W), .T(T), .CW(CW), .IDW(IDW)) u_order (
    .count_i (tb_count_i),
    .id_i    (tb_id_i),
    .first_i (tb_first_i),
    .before_o(prec)
  );

  reg [W-1:0]  elig, in_best;
  reg [T-1:0]  has_elig, best;
  reg [WW-1:0] lw, hi_w, any_w;
  reg          lv, found_hi, greedy;

  integer w, t, u;
  always @* begin
    elig = warp_valid_i & warp_mine_i & warp_issuable_i;
    has_elig = {T{1'b0}};
    for (w = 0; w < W; w = w + 1)
      for (t = 0; t < T; t = t + 1)
        if (elig[w] && warp_tb_i[w*TW +: TW] == t[TW-1:0]) has_elig[t] = 1'b1;

    best = has_elig;
    for (t = 0; t < T; t = t + 1)
      for (u = 0; u < T; u = u + 1)
        if (u != t && has_elig[u] && prec[u*T+t]) best[t] = 1'b0;

    // One-hot best: OR-mux its last-issued entry.
    lw = {WW{1'b0}};
    lv = 1'b0;
    for (t = 0; t < T; t = t + 1)
      if (best[t]) begin
        lw = lw | last_warp_i[t*WW +: WW];
        lv = lv | last_valid_i[t];
      end

    in_best = {W{1'b0}};
    for (w = 0; w < W; w = w + 1)
      for (t = 0; t < T; t = t + 1)
        if (elig[w] && best[t] && warp_tb_i[w*TW +: TW] == t[TW-1:0]) in_best[w] = 1'b1;

    // Priority encoders from the top down, so the lowest slot wins.
    any_w = {WW{1'b0}};
    hi_w = {WW{1'b0}};
    found_hi = 1'b0;
    greedy = 1'b0;
    for (w = W - 1; w >= 0; w = w - 1) begin
      if (in_best[w]) begin
        any_w = w[WW-1:0];
        if (lv && w[WW-1:0] > lw) begin
          hi_w = w[WW-1:0];
          found_hi = 1'b1;
        end
      end
      if (w[WW-1:0] == lw && in_best[w] && !warp_exited_i[w]) greedy = lv;
    end

    pick_valid_o = |has_elig;
    if (gto_i) pick_warp_o = greedy ? lw : any_w;
    else       pick_warp_o = found_hi ? hi_w : any_w;
  end

endmodule
