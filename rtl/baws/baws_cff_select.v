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
// Rank of warp w (scheduler s = w % S, TB t) = off[s][t] + pos[w]:
//   off[s][t] = sum of n[s][u] over TBs u before t (baws_tb_order), n[s][u] =
//     valid warps of scheduler s in TB u: S*T popcounts of W/S bits and S*T
//     sums of up to T-1 terms;
//   pos[w] = warps v of the same scheduler and TB that precede w inside the
//     TB: pairwise, W*(W/S) precedence bits (48*24 = 1152 at GTX480) and W
//     popcounts of W/S bits. LRR: v precedes w when v is after the last-issued
//     warp L and w is not, or both/neither and v < w (the rotation);
//     GTO: v is the greedy warp (L, valid, in TB t, not exited), or w is not
//     and v < w.
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
  parameter integer CW  = 6,
  parameter integer IDW = 16,
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
  input  wire [T*CW-1:0]    tb_count_i,          // WPT counters
  input  wire [T*IDW-1:0]   tb_id_i,
  input  wire [T*WW-1:0]    tb_first_i,
  input  wire [S*T*WW-1:0]  last_warp_i,         // baws_last_issued, all schedulers
  input  wire [S*T-1:0]     last_valid_i,
  input  wire               fetch_i,             // the pick was fetched (on_fetch)
  output reg  [W*RW-1:0]    rank_o,              // warp w's place in its scheduler's order
  output reg                pick_valid_o,
  output reg  [WW-1:0]      pick_warp_o
);

  localparam integer KW = 2 + RW + SW;
  // Arg-min tree node {valid, key, warp, scheduler}: muxing all of it at once
  // also yields the right valid (the taken child is valid, or neither is).
  localparam integer NW = 1 + KW + WW + SW;
  localparam integer KL = WW + SW;  // the key's lowest bit in a node
  localparam integer LV = (W > 1) ? $clog2(W) : 0;  // tree levels

  // Nodes at tree level l (level 0: the W warps): ceil(W / 2^l).
  function integer level_n(input integer l);
    level_n = ((W - 1) >> l) + 1;
  endfunction

  wire [T*T-1:0] prec;  // prec[u*T+t]: TB u goes before TB t
  baws_tb_order #(.W(W), .T(T), .CW(CW), .IDW(IDW)) u_order (
    .count_i (tb_count_i),
    .id_i    (tb_id_i),
    .first_i (tb_first_i),
    .before_o(prec)
  );

  reg [SW-1:0] first_q, first_d;

  reg [S*T*RW-1:0] n_st, off_st;
  reg [S*T-1:0]    greedy_st;
  reg [RW-1:0]     base, pos;
  reg [WW-1:0]     lw;
  reg              lv, g, hv, hw, p;
  reg [KW-1:0]     key;
  reg [SW-1:0]     rot, best_s;
  reg [W*NW-1:0]   node;  // the tree's current level, reduced in place
  reg [NW-1:0]     lo, hi;

  integer w, v, s, t, u, l, j;
  always @* begin
    // Defaults for the loop temporaries (no latches).
    hv = 1'b0;
    hw = 1'b0;
    p = 1'b0;
    rot = {SW{1'b0}};
    key = {KW{1'b0}};
    lo = {NW{1'b0}};
    hi = {NW{1'b0}};
    // Valid warps per (scheduler, TB).
    n_st = {S*T*RW{1'b0}};
    for (w = 0; w < W; w = w + 1)
      for (t = 0; t < T; t = t + 1)
        if (warp_valid_i[w] && warp_tb_i[w*TW +: TW] == t[TW-1:0])
          n_st[((w % S)*T+t)*RW +: RW] = n_st[((w % S)*T+t)*RW +: RW] + 1'b1;

    // Rank of each TB's first warp in each scheduler's order.
    off_st = {S*T*RW{1'b0}};
    for (s = 0; s < S; s = s + 1)
      for (t = 0; t < T; t = t + 1)
        for (u = 0; u < T; u = u + 1)
          if (u != t && prec[u*T+t])
            off_st[(s*T+t)*RW +: RW] = off_st[(s*T+t)*RW +: RW] + n_st[(s*T+u)*RW +: RW];

    // GTO's greedy warp per (scheduler, TB): last-issued, valid, of that TB, not exited.
    greedy_st = {S*T{1'b0}};
    for (s = 0; s < S; s = s + 1)
      for (t = 0; t < T; t = t + 1)
        for (w = s; w < W; w = w + S)
          if (gto_i && last_valid_i[s*T+t] && last_warp_i[(s*T+t)*WW +: WW] == w[WW-1:0] &&
              warp_valid_i[w] && !warp_exited_i[w] && warp_tb_i[w*TW +: TW] == t[TW-1:0])
            greedy_st[s*T+t] = 1'b1;

    // Ranks.
    rank_o = {W*RW{1'b0}};
    for (w = 0; w < W; w = w + 1) begin
      base = {RW{1'b0}};
      lw = {WW{1'b0}};
      lv = 1'b0;
      g = 1'b0;
      for (t = 0; t < T; t = t + 1)
        if (warp_tb_i[w*TW +: TW] == t[TW-1:0]) begin
          base = off_st[((w % S)*T+t)*RW +: RW];
          lw = last_warp_i[((w % S)*T+t)*WW +: WW];
          lv = last_valid_i[(w % S)*T+t];
          g = greedy_st[(w % S)*T+t];
        end
      pos = {RW{1'b0}};
      hw = lv && w[WW-1:0] > lw;
      for (v = w % S; v < W; v = v + S) begin
        if (v != w && warp_valid_i[v] && warp_tb_i[v*TW +: TW] == warp_tb_i[w*TW +: TW]) begin
          hv = lv && v[WW-1:0] > lw;
          if (gto_i) p = (g && v[WW-1:0] == lw) || (!(g && w[WW-1:0] == lw) && v < w);
          else       p = (hv && !hw) || (hv == hw && v < w);
          pos = pos + {{(RW-1){1'b0}}, p};
        end
      end
      rank_o[w*RW +: RW] = base + pos;
    end

    // Arg-min of {class, rank, rotated scheduler} over fetchable valid warps.
    // Leaves: one node per warp.
    for (w = 0; w < W; w = w + 1) begin
      s = w % S;
      rot = (s[SW-1:0] >= first_q) ? s[SW-1:0] - first_q : s[SW-1:0] + S[SW-1:0] - first_q;
      key = {warp_ibuf_nonempty_i[w], warp_at_barrier_i[w], rank_o[w*RW +: RW], rot};
      node[w*NW +: NW] = {warp_fetchable_i[w] && warp_valid_i[w], key, w[WW-1:0], s[SW-1:0]};
    end
    // Level l -> l+1: node j := winner of nodes 2j, 2j+1 (an odd last node
    // moves up alone). In place is safe: step j reads nodes 2j and 2j+1, and
    // the steps before it wrote only nodes below j <= 2j.
    for (l = 0; l < LV; l = l + 1) begin
      for (j = 0; 2*j + 1 < level_n(l); j = j + 1) begin
        lo = node[(2*j)*NW +: NW];
        hi = node[(2*j+1)*NW +: NW];
        node[j*NW +: NW] = (hi[NW-1] && (!lo[NW-1] || hi[KL +: KW] < lo[KL +: KW])) ? hi : lo;
      end
      if (level_n(l) % 2 == 1)
        node[(level_n(l) / 2)*NW +: NW] = node[(level_n(l) - 1)*NW +: NW];
    end
    pick_valid_o = node[NW-1];
    pick_warp_o = node[SW +: WW];
    best_s = node[0 +: SW];

    // on_fetch: the scheduler after the fetched warp's leads the next ranks.
    first_d = first_q;
    if (fetch_i && pick_valid_o)
      first_d = (best_s == S[SW-1:0] - 1'b1) ? {SW{1'b0}} : best_s + 1'b1;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) first_q <= {SW{1'b0}};
    else         first_q <= first_d;
  end

endmodule
