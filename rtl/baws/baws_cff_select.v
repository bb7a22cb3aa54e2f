// BAWS critical-fetch-first (CFF) fetch choice, seed 001 Sec. 4.2, exactly as
// CffFetchPolicy::choose / pick define it over MWF's issue orders:
//   - every scheduler's MWF order of its valid warps (all of them, not only
//     the issuable ones), as rank = position in that order;
//   - the orders merged by rank (rank 0 of every scheduler, then rank 1 ...),
//     inside a rank the scheduler first_q first (first_q = the scheduler after
//     the one CFF fetched for last: CffFetchPolicy::first_sched_, the only
//     state here, SW flip-flops);
//   - the first fetchable warp of the merged order in the lowest class,
//     class = (I-buffer non-empty ? 2 : 0) + (at a barrier ? 1 : 0).
// That is the fetchable warp with the smallest key {class, rank, (s - first_q)
// mod S}; keys of valid warps are distinct (a rank is unique per scheduler).
//
// Rank of warp w (scheduler s = w % S, TB t) = off[s][t] + pos[w], both
// counted with adders, not popcounts: a TB's warps are one consecutive range
// of slots, [first_t, first_t + warps_t) (WarpTable::place takes one free
// range), so how many of scheduler s's slots lie below a slot x is a
// constant division, B_s(x) = ceil((x - s) / S) (0 for x <= s), and
//   n[s][t]   = B_s(first_t + warps_t) - B_s(first_t): s's warps of TB t;
//   off[s][t] = the sum of n[s][u] over the TBs u before t (baws_tb_order);
//   idx(v)    = B_s(v) - B_s(first_t): s-warp v's place in TB t by slot.
// pos[w] = w's place in its TB's intra-TB order, with L = s's last-issued
// warp of the TB (if any): LRR, the round robin after L, is idx(w) - idx(L)
// - 1 for w above L and (n - idx(L) - 1) + idx(w) otherwise; GTO puts the
// greedy warp (L, in the TB's range, not exited) first, so it is 0 for L and
// idx(w) + (w below L) for the others; without L both are idx(w). So per
// (s, t) the block precomputes the rank of L and the offsets r_above and
// r_below with rank[w] = B_s(w) + r_above (w above L) or + r_below (w below
// L); per warp that leaves a T-way selection of those, one compare with L
// and one adder of RW bits (B_s(w) is a constant). (Until 2026-11-29 the
// block counted W-bit masks: W + S*T popcounts of W bits, 94 k generic
// cells, most of the SM's BAWS area; docs/rtl.md has both.) The range is the
// tb_first_i / tb_warps_i input, so states where a TB's warps are not one
// range are outside this block's contract, as they are outside the SM's.
// The pick is the arg-min of the key {class, rank, (s - first_q) mod S} over
// the fetchable valid warps, ties to the lower warp (rtl/common/argmin_tree:
// clog2(W) levels of comparators); keys of valid warps are distinct anyway.
//
// Timing in the SM: the golden fetch stage runs after issue in a cycle and
// sees the orders of the next cycle's issue; this block computes from its
// inputs, so the SM feeds it the WPT / last-issued next state (or runs fetch
// one cycle later). Like CffFetchPolicy with fetch_width 1: one pick a cycle.
module baws_cff_select #(
  parameter integer W   = 48,
  parameter integer T   = 8,
  parameter integer S   = 2,
  parameter integer WW  = (W > 1) ? $clog2(W) : 1, // derived: warp index width
  parameter integer TW  = (T > 1) ? $clog2(T) : 1, // derived: TB slot index width
  parameter integer SW  = (S > 1) ? $clog2(S) : 1, // derived: scheduler index width
  parameter integer RW  = $clog2(W + 1)            // derived: rank width
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  input  wire               gto_i,               // 0: MWF(LRR) orders, 1: MWF(GTO)
  input  wire [W-1:0]       warp_valid_i,
  input  wire [W-1:0]       warp_exited_i,
  input  wire [W*TW-1:0]    warp_tb_i,
  input  wire [W-1:0]       warp_fetchable_i,    // the front end may fetch for it
  input  wire [W-1:0]       warp_ibuf_nonempty_i,
  input  wire [W-1:0]       warp_at_barrier_i,
  input  wire [T*WW-1:0]    tb_first_i,          // TB slot t's first warp slot ...
  input  wire [T*RW-1:0]    tb_warps_i,          // ... and how many warps it has (0: free slot)
  input  wire [T*T-1:0]     tb_prec_i,           // bit u*T+t: TB u goes before TB t (baws_tb_order)
  input  wire [S*T*WW-1:0]  last_warp_i,         // baws_last_issued, all schedulers
  input  wire [S*T-1:0]     last_valid_i,
  input  wire               fetch_valid_i,       // a warp was fetched (on_fetch) ...
  input  wire [SW-1:0]      fetch_sched_i,       // ... of this scheduler
  output reg  [W*RW-1:0]    rank_o,              // warp w's place in its scheduler's order
  output wire               pick_valid_o,
  output wire [WW-1:0]      pick_warp_o
);

  localparam integer KW = 2 + RW + SW;
  localparam integer XW = RW + 2;  // a slot plus a warp count, plus S - 1
  localparam [W-1:0] ONE = {{(W-1){1'b0}}, 1'b1};

  // Scheduler s's warp slots (s, s+S, ...) below slot x: ceil((x - s) / S).
  function automatic [RW-1:0] below(input [XW-1:0] x, input [SW-1:0] s);
    below = RW'((x + XW'(S - 1) - XW'(s)) / XW'(S));
  endfunction

  reg [SW-1:0] first_q, first_d;

  // Per (scheduler s, TB t) at index s*T+t:
  reg [RW-1:0] n      [0:S*T-1];  // s's warps of TB t
  reg [RW-1:0] off    [0:S*T-1];  // rank of TB t's first warp in s's order
  reg [WW-1:0] lw     [0:S*T-1];  // s's last-issued warp of TB t, L
  reg [RW-1:0] r_last [0:S*T-1];  // L's rank
  reg [RW-1:0] r_above[0:S*T-1];  // rank - B_s(w) of a warp above L ...
  reg [RW-1:0] r_below[0:S*T-1];  // ... and of one below L
  reg [RW-1:0] lo, bl, c_last, c_above, c_below, rank;
  reg [XW-1:0] fx [0:T-1];       // TB t's first slot ...
  reg [XW-1:0] ex [0:T-1];       // ... and the slot after its last
  reg [XW-1:0] lx;
  reg          greedy;
  reg [TW-1:0] tw;
  reg [SW-1:0] sw, rot;
  reg [W*KW-1:0] keys;           // warp w's arg-min key in [w*KW +: KW]

  reg [RW-1:0] part [0:T-1];     // off's partial sums
  integer w, s, t, u, k, d;
  always @* begin
    for (t = 0; t < T; t = t + 1) begin
      fx[t] = XW'(tb_first_i[t*WW +: WW]);
      ex[t] = fx[t] + XW'(tb_warps_i[t*RW +: RW]);
    end
    for (s = 0; s < S; s = s + 1)
      for (t = 0; t < T; t = t + 1)
        n[s*T+t] = below(ex[t], s[SW-1:0]) - below(fx[t], s[SW-1:0]);
    for (s = 0; s < S; s = s + 1) begin
      sw = s[SW-1:0];
      for (t = 0; t < T; t = t + 1) begin
        k = s*T + t;
        // off = the sum of n over the TBs before t, as a balanced tree of
        // adders (clog2(T) deep; a chain of T-1 lengthened the critical path).
        for (u = 0; u < T; u = u + 1)
          part[u] = (u != t && tb_prec_i[u*T+t]) ? n[s*T+u] : {RW{1'b0}};
        for (d = 1; d < T; d = d * 2)
          for (u = 0; u + d < T; u = u + 2*d)
            part[u] = part[u] + part[u+d];
        off[k] = part[0];
        lw[k] = last_warp_i[k*WW +: WW];
        lx = XW'(lw[k]);
        lo = below(fx[t], sw);
        bl = below(lx, sw);
        greedy = last_valid_i[k] && lx >= fx[t] && lx < ex[t] && (warp_exited_i & (ONE << lw[k])) == {W{1'b0}};
        // rank - B_s(w) = off + c: c_above / c_below for a warp above / below
        // L, c_last is L's rank - off; each needs no off, so one adder
        // follows the sum.
        if (gto_i && greedy) begin        // L first, then slot order
          c_last = {RW{1'b0}};
          c_above = -lo;
          c_below = RW'(1) - lo;
        end else if (!gto_i && last_valid_i[k]) begin  // the rotation after L
          c_last = n[k] - RW'(1);
          c_above = -bl - RW'(1);
          c_below = n[k] - bl - RW'(1);
        end else begin                    // slot order
          c_last = bl - lo;
          c_above = -lo;
          c_below = -lo;
        end
        r_last[k] = off[k] + c_last;
        r_above[k] = off[k] + c_above;
        r_below[k] = off[k] + c_below;
      end
    end

    // Ranks and the arg-min's keys.
    for (w = 0; w < W; w = w + 1) begin
      s = w % S;
      sw = s[SW-1:0];
      tw = warp_tb_i[w*TW +: TW];
      k = s*T + {{(32-TW){1'b0}}, tw};
      if (w[WW-1:0] == lw[k])     rank = r_last[k];
      else if (w[WW-1:0] > lw[k]) rank = below(XW'(w), sw) + r_above[k];
      else                        rank = below(XW'(w), sw) + r_below[k];
      rank_o[w*RW +: RW] = rank;
      rot = (sw >= first_q) ? sw - first_q : sw + S[SW-1:0] - first_q;
      keys[w*KW +: KW] = {warp_ibuf_nonempty_i[w], warp_at_barrier_i[w], rank, rot};
    end

    // on_fetch: the scheduler after the fetched warp's leads the next ranks.
    // The fetched warp comes in as an event (like an issue), not as "the
    // current pick": the edge may then come with the next cycle's inputs.
    first_d = first_q;
    if (fetch_valid_i)
      first_d = (fetch_sched_i == S[SW-1:0] - 1'b1) ? {SW{1'b0}} : fetch_sched_i + 1'b1;
  end

  argmin_tree #(.N(W), .KW(KW)) u_pick (
    .key_i  (keys),
    .valid_i(warp_fetchable_i & warp_valid_i),
    .valid_o(pick_valid_o),
    .idx_o  (pick_warp_o)
  );

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) first_q <= {SW{1'b0}};
    else         first_q <= first_d;
  end

endmodule
