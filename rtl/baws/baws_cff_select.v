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
// popcounts of W-bit warp masks over the TB member masks (baws_tb_members):
//   off[s][t] = scheduler s's valid warps of the TBs before t (baws_tb_order):
//     the OR of those TBs' member masks, masked to s's warps, counted;
//   pos[w] = warps v of the same scheduler and TB that precede w inside the
//     TB. With L = s's last-issued warp of the TB (if any), above = the warps
//     above L: LRR (the rotation) counts above & below(w) when w is in above,
//     else above | below(w); GTO counts the greedy warp (L, valid, in TB t,
//     not exited) and, unless w is that warp, below(w). below(w) = slots
//     under w. Per warp one W-bit mask and one popcount: W popcounts of
//     W bits, S*T of W bits, T W-bit T-way AND-ORs.
// The arg-min over W keys is a balanced tree of W-1 comparators of 2+RW+SW
// bits, clog2(W) levels deep: a linear scan chains all W-1 and was the
// block's critical path. Each tree node covers consecutive warps, the lower
// ones on its left, and takes its right child only on a strictly smaller
// key, so equal keys go to the lower warp as in a scan with `<`: the order
// is (key, warp) lexicographic without a warp comparator, and the pick is
// the same for any inputs, not only the distinct keys of a consistent state.
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
  input  wire [T*W-1:0]     tb_members_i,        // TB t's valid warps in [t*W +: W] (baws_tb_members)
  input  wire [T*T-1:0]     tb_prec_i,           // bit u*T+t: TB u goes before TB t (baws_tb_order)
  input  wire [S*T*WW-1:0]  last_warp_i,         // baws_last_issued, all schedulers
  input  wire [S*T-1:0]     last_valid_i,
  input  wire               fetch_valid_i,       // a warp was fetched (on_fetch) ...
  input  wire [SW-1:0]      fetch_sched_i,       // ... of this scheduler
  output reg  [W*RW-1:0]    rank_o,              // warp w's place in its scheduler's order
  output reg                pick_valid_o,
  output reg  [WW-1:0]      pick_warp_o
);

  localparam integer KW = 2 + RW + SW;
  // Arg-min tree node {valid, key, warp}: muxing all of it at once also
  // yields the right valid (the taken child is valid, or neither is).
  localparam integer NW = 1 + KW + WW;
  localparam integer KL = WW;  // the key's lowest bit in a node
  localparam integer LV = (W > 1) ? $clog2(W) : 0;  // tree levels

  // Nodes at tree level l (level 0: the W warps): ceil(W / 2^l).
  function integer level_n(input integer l);
    level_n = ((W - 1) >> l) + 1;
  endfunction

  // Scheduler s's warp slots (s, s+S, ...) in [s*W +: W].
  function automatic [S*W-1:0] sched_masks(input integer unused);
    integer i;
    begin
      sched_masks = {S*W{1'b0}};
      for (i = 0; i < W; i = i + 1) sched_masks[(i % S)*W + i] = 1'b1;
    end
  endfunction
  localparam [S*W-1:0] MINE = sched_masks(0);
  localparam [W-1:0] ONE = {{(W-1){1'b0}}, 1'b1};

  // Set bits of m (at most W: they fit in RW).
  function automatic [RW-1:0] count(input [W-1:0] m);
    count = RW'($countones(m));
  endfunction

  reg [SW-1:0] first_q, first_d;

  // Per (scheduler s, TB t) at index s*T+t:
  reg [W-1:0]  cand  [0:S*T-1];  // s's valid warps of TB t
  reg [W-1:0]  above [0:S*T-1];  // LRR: warps above s's last-issued warp of TB t (none without one)
  reg [W-1:0]  greed [0:S*T-1];  // GTO: s's greedy warp of TB t, one-hot (none without one)
  reg [RW-1:0] off   [0:S*T-1];  // rank of TB t's first warp in s's order
  reg [RW-1:0] rank  [0:W-1];
  reg [W-1:0]  ahead;            // the valid warps of the TBs before t ("before" is an SV keyword)
  reg [W-1:0]  below, self, pmask;
  reg [WW-1:0] lw;
  reg [TW-1:0] tw;
  reg [SW-1:0] rot;
  reg [KW-1:0] key;
  reg [NW-1:0] node [0:W-1];     // the arg-min tree's current level, reduced in place
  reg [NW-1:0] lo, hi;

  integer w, s, t, u, k, l, j;
  always @* begin
    for (t = 0; t < T; t = t + 1) begin
      ahead = {W{1'b0}};
      for (u = 0; u < T; u = u + 1)
        if (u != t && tb_prec_i[u*T+t]) ahead = ahead | tb_members_i[u*W +: W];
      for (s = 0; s < S; s = s + 1) begin
        k = s*T + t;
        lw = last_warp_i[k*WW +: WW];
        cand[k] = tb_members_i[t*W +: W] & MINE[s*W +: W];
        off[k] = count(ahead & MINE[s*W +: W]);
        above[k] = last_valid_i[k] ? (({W{1'b1}} << lw) << 1) : {W{1'b0}};
        // Shifts past W give 0: no greedy warp for an out-of-range lw.
        greed[k] = (gto_i && last_valid_i[k]) ? (cand[k] & ~warp_exited_i & (ONE << lw)) : {W{1'b0}};
      end
    end

    // Ranks.
    for (w = 0; w < W; w = w + 1) begin
      tw = warp_tb_i[w*TW +: TW];
      k = (w % S)*T + {{(32-TW){1'b0}}, tw};
      self = ONE << w;
      below = self - ONE;
      if (gto_i)
        pmask = greed[k] | (((greed[k] & self) != {W{1'b0}}) ? {W{1'b0}} : below);
      else
        pmask = ((above[k] & self) != {W{1'b0}}) ? (above[k] & below) : (above[k] | below);
      rank[w] = off[k] + count(cand[k] & ~self & pmask);
      rank_o[w*RW +: RW] = rank[w];
    end

    // Arg-min of {class, rank, rotated scheduler} over fetchable valid warps.
    // Leaves: one node per warp.
    for (w = 0; w < W; w = w + 1) begin
      s = w % S;
      rot = (s[SW-1:0] >= first_q) ? s[SW-1:0] - first_q : s[SW-1:0] + S[SW-1:0] - first_q;
      key = {warp_ibuf_nonempty_i[w], warp_at_barrier_i[w], rank[w], rot};
      node[w] = {warp_fetchable_i[w] && warp_valid_i[w], key, w[WW-1:0]};
    end
    // Level l -> l+1: node j := winner of nodes 2j, 2j+1 (an odd last node
    // moves up alone). In place is safe: step j reads nodes 2j and 2j+1, and
    // the steps before it wrote only nodes below j <= 2j.
    for (l = 0; l < LV; l = l + 1) begin
      for (j = 0; 2*j + 1 < level_n(l); j = j + 1) begin
        lo = node[2*j];
        hi = node[2*j+1];
        node[j] = (hi[NW-1] && (!lo[NW-1] || hi[KL +: KW] < lo[KL +: KW])) ? hi : lo;
      end
      if (level_n(l) % 2 == 1)
        node[level_n(l) / 2] = node[level_n(l) - 1];
    end
    pick_valid_o = node[0][NW-1];
    pick_warp_o = node[0][0 +: WW];

    // on_fetch: the scheduler after the fetched warp's leads the next ranks.
    // The fetched warp comes in as an event (like an issue), not as "the
    // current pick": the edge may then come with the next cycle's inputs.
    first_d = first_q;
    if (fetch_valid_i)
      first_d = (fetch_sched_i == S[SW-1:0] - 1'b1) ? {SW{1'b0}} : fetch_sched_i + 1'b1;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) first_q <= {SW{1'b0}};
    else         first_q <= first_d;
  end

endmodule
