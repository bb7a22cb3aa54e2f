// PRO per-TB warp order (seed 000 Algorithm 1 sortWarps; ProPolicy::sort_warps).
// perm_q is a permutation of the W warp slots: TB t's warps, highest priority
// first, sit at positions first_q[t] .. first_q[t]+n[t]-1. A TB's warps are
// the contiguous slots from its first warp, so its positions are its slots
// and a launch writes the identity (slot order) into that range.
//
// ONE compare-and-swap unit sorts one TB at a time by odd-even transposition
// over its range: n rounds, round r compares positions (i, i+1) for
// i = r mod 2, r mod 2 + 2, ... < n-1, one pair per cycle: n(n-1)/2 cycles
// (15 for 6 warps), 1 for a TB of one warp. Key: warp progress increasing or
// decreasing, ties by the smaller slot. That is a total order, so a sort's
// result depends only on the keys and the direction, not on the order it
// starts from: a rerun or an abandoned partial sort leaves nothing behind.
// Keys are read live (the testbench holds issue while sorts run).
//
// Requests, per TB slot a bit (req_q) and a direction (dir_q, 1 = increasing),
// raised where ProPolicy calls sort_warps:
//  - an arrival that moved the TB noWait -> barrierWait or finishNoWait ->
//    barrierWait1 (arr_sort_i from pro_tb_fsm, which walks the cycle's events
//    in order): increasing;
//  - the TB's first warp exit (exit_first_i), both phases: increasing;
//  - resort_i (the periodic THRESHOLD trigger or a phase change): registered
//    for one edge (resort_q), then every noWait / finishNoWait TB, decreasing
//    in the fast phase, increasing in the slow phase. One edge later because
//    ProPolicy's periodic sort runs at the start of the next cycle, after the
//    due cycle's events changed states, and a phase change moves the states
//    before it sorts: by then state_i / slow_i hold those states. An event
//    request of the same edge wins: in ProPolicy it comes after that sort.
// The lowest requested slot is sorted first; its bit clears when the sort
// starts, so a request during the TB's own sort reruns it. A TB finish drops
// the TB's request and abandons a sort running on it.
module pro_warp_sorter #(
  parameter integer W    = 48,
  parameter integer T    = 8,
  parameter integer S    = 2,
  parameter integer PW   = 32,
  parameter integer WIDW = $clog2(W),
  parameter integer TIDW = $clog2(T)
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire [T*3-1:0]        state_i,       // pro_tb_fsm state (registered)
  input  wire                  slow_i,
  input  wire [W*PW-1:0]       warp_prog_i,
  input  wire [T*(WIDW+1)-1:0] nwarps_i,      // warps per TB (pro_tb_counters)
  input  wire                  launch_valid_i,
  input  wire [TIDW-1:0]       launch_tb_i,
  input  wire [WIDW-1:0]       launch_first_i,
  input  wire [WIDW:0]         launch_nwarps_i,
  input  wire                  finish_valid_i,
  input  wire [TIDW-1:0]       finish_tb_i,
  input  wire [S*TIDW-1:0]     iss_tb_i,
  input  wire [S-1:0]          arr_sort_i,    // this arrival sorts its TB's warps
  input  wire [S-1:0]          exit_first_i,  // this exit is its TB's first
  input  wire                  resort_i,      // periodic trigger or phase change
  output reg  [W*WIDW-1:0]     warp_order_o,  // position p -> warp slot
  output reg  [T*WIDW-1:0]     tb_first_o,    // TB slot -> its first position
  output wire                  busy_o,        // a warp sort is running
  output wire                  done_o         // none running, requested or pending
);
  localparam [2:0] NO_WAIT = 3'd1, FIN_NO_WAIT = 3'd4;
  localparam [WIDW:0] ONE = 1, TWO = 2;

  reg [WIDW-1:0] perm_q  [0:W-1];
  reg [WIDW-1:0] perm_d  [0:W-1];
  reg [WIDW-1:0] first_q [0:T-1];
  reg [WIDW-1:0] first_d [0:T-1];
  reg [T-1:0]    req_q, req_d;
  reg [T-1:0]    dir_q, dir_d;
  reg            resort_q;
  reg            busy_q, busy_d;
  // TB being sorted. Not an FSM: without the attribute yosys recodes this
  // slot index one-hot (T-1 flops instead of TIDW).
  (* fsm_encoding = "none" *)
  reg [TIDW-1:0] tb_q;
  reg [TIDW-1:0] tb_d;
  reg [WIDW-1:0] round_q, round_d;
  reg [WIDW-1:0] i_q, i_d;          // pair (i, i+1), relative to first_q[tb_q]

  integer t, p, s;
  integer ft, fp, ot, op;  // one loop variable per always block
  reg            act, pair, b_first, abort;
  reg [TIDW-1:0] pick, cur_tb, tb;
  reg [WIDW-1:0] cur_i, cur_round, pa, pb, a, b;
  reg [WIDW:0]   n, ni, nr, nxt_i, nxt_r, pos, lo, hi;
  reg [PW-1:0]   ka, kb;
  reg [2:0]      st;

  always @* begin
    for (p = 0; p < W; p = p + 1) perm_d[p] = perm_q[p];
    for (t = 0; t < T; t = t + 1) first_d[t] = first_q[t];
    req_d = req_q;
    dir_d = dir_q;
    st  = 3'd0;
    tb  = {TIDW{1'b0}};
    pos = {(WIDW+1){1'b0}};

    // ---- the one compare-and-swap unit ----
    pick = {TIDW{1'b0}};   // lowest requested slot
    for (t = T - 1; t >= 0; t = t - 1) if (req_q[t]) pick = t[TIDW-1:0];
    act       = busy_q | (|req_q);
    cur_tb    = busy_q ? tb_q : pick;
    cur_i     = busy_q ? i_q : {WIDW{1'b0}};
    cur_round = busy_q ? round_q : {WIDW{1'b0}};
    n  = nwarps_i[cur_tb*(WIDW+1) +: (WIDW+1)];
    pa = first_q[cur_tb] + cur_i;
    pb = pa + 1'b1;
    a  = perm_q[pa];
    b  = perm_q[pb];
    ka = warp_prog_i[a*PW +: PW];
    kb = warp_prog_i[b*PW +: PW];
    pair = ({1'b0, cur_i} + ONE) < n;
    // b_first: b must come before a (then swap). The direction is read from
    // dir_q, not latched at the start: it changes only with a new request
    // for this TB, and that request reruns the sort anyway.
    if (kb != ka) b_first = dir_q[cur_tb] ? (kb < ka) : (kb > ka);
    else          b_first = b < a;
    if (act && pair && b_first) begin
      perm_d[pa] = b;
      perm_d[pb] = a;
    end
    // Next pair: on in this round, else the next round's first; the sort
    // ends when that pair does not exist (round n, or no pair at all).
    ni    = {1'b0, cur_i} + TWO;
    nr    = {1'b0, cur_round} + ONE;
    nxt_i = (ni + ONE < n) ? ni : {{WIDW{1'b0}}, nr[0]};
    nxt_r = (ni + ONE < n) ? {1'b0, cur_round} : nr;
    abort = finish_valid_i && (finish_tb_i == cur_tb);
    busy_d  = act && (nxt_r < n) && (nxt_i + ONE < n) && !abort;
    tb_d    = cur_tb;
    i_d     = nxt_i[WIDW-1:0];
    round_d = nxt_r[WIDW-1:0];

    // ---- requests ----
    if (act && !busy_q) req_d[cur_tb] = 1'b0;
    if (resort_q) begin
      for (t = 0; t < T; t = t + 1) begin
        st = state_i[t*3 +: 3];
        if (st == NO_WAIT || st == FIN_NO_WAIT) begin
          req_d[t] = 1'b1;
          dir_d[t] = slow_i;
        end
      end
    end
    for (s = 0; s < S; s = s + 1) begin
      tb = iss_tb_i[s*TIDW +: TIDW];
      if (arr_sort_i[s] || exit_first_i[s]) begin
        req_d[tb] = 1'b1;
        dir_d[tb] = 1'b1;
      end
    end
    if (finish_valid_i) req_d[finish_tb_i] = 1'b0;

    // ---- launch: identity over the TB's range ----
    lo = {1'b0, launch_first_i};
    hi = lo + launch_nwarps_i;
    if (launch_valid_i) begin
      first_d[launch_tb_i] = launch_first_i;
      for (p = 0; p < W; p = p + 1) begin
        pos = p[WIDW:0];
        if (pos >= lo && pos < hi) perm_d[p] = pos[WIDW-1:0];
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (fp = 0; fp < W; fp = fp + 1) perm_q[fp] <= fp[WIDW-1:0];
      for (ft = 0; ft < T; ft = ft + 1) first_q[ft] <= {WIDW{1'b0}};
      req_q    <= {T{1'b0}};
      dir_q    <= {T{1'b0}};
      resort_q <= 1'b0;
      busy_q   <= 1'b0;
      tb_q     <= {TIDW{1'b0}};
      round_q  <= {WIDW{1'b0}};
      i_q      <= {WIDW{1'b0}};
    end else begin
      for (fp = 0; fp < W; fp = fp + 1) perm_q[fp] <= perm_d[fp];
      for (ft = 0; ft < T; ft = ft + 1) first_q[ft] <= first_d[ft];
      req_q    <= req_d;
      dir_q    <= dir_d;
      resort_q <= resort_i;
      busy_q   <= busy_d;
      tb_q     <= tb_d;
      round_q  <= round_d;
      i_q      <= i_d;
    end
  end

  always @* begin
    for (op = 0; op < W; op = op + 1) warp_order_o[op*WIDW +: WIDW] = perm_q[op];
    for (ot = 0; ot < T; ot = ot + 1) tb_first_o[ot*WIDW +: WIDW] = first_q[ot];
  end

  assign busy_o = busy_q;
  assign done_o = !busy_q && (req_q == {T{1'b0}}) && !resort_q;
endmodule
