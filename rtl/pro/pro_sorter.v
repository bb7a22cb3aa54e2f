// PRO TB sorter and order registers (seed 000 Sec. III.C, Algorithm 1).
// Three sorted-order registers, each a permutation of the T TB slots:
//   fin_q  : finishWait list, key nWarpsFin desc, progress desc, id, slot
//   bar_q  : barrier list,    key nWarpsAtBar desc, progress desc, id, slot
//   rank_q : ranking of all resident TBs, key progress (desc in the fast
//            phase, asc in the slow phase), id, slot
// List membership is not stored: it is read from the TB states (finishWait /
// barrierWait(1) / not Empty); a sort moves members before non-members, so a
// TB that joins a list needs no insert: ProPolicy push_back()s it and re-sorts
// at once, the RTL re-sorts. Leaving a list (release, exit) keeps the others'
// relative order, as std::erase does.
//
// ONE compare-and-swap unit sorts one register at a time by odd-even
// transposition: T rounds, round r compares pairs (i, i+1) with i = r mod 2,
// r mod 2 + 2, ...; one pair per cycle, so a sort takes T*(T-1)/2 cycles
// (28 at T=8) and never stalls issue. Keys are read live from the counters:
// the result equals ProPolicy's instant sort when the keys do not move during
// those cycles (the testbench holds issue then; see docs/rtl.md).
// Requests are dirty bits: an exit re-sorts the finish list, an arrival the
// barrier list (ProPolicy re-sorts on every such event), the periodic
// THRESHOLD trigger and a phase change the ranking. A request that comes
// while its list is being sorted reruns that sort afterwards. The THRESHOLD
// counter advances only on edges with tick_i = 1 (an edge that ends an SM
// cycle); edges with tick_i = 0 apply events and advance sorts only. resort_o
// tells pro_warp_sorter that the remaining TBs' warps are due too.
//
// A launch inserts the TB into the ranking in one cycle, where the last sort
// would have put it (ProPolicy::insert_into_ranking): its progress is 0 (the
// counter was just cleared), so only whether each other TB's progress was 0
// at the last ranking sort matters (rz_q, 1 bit per TB) plus the id
// tie-break: T small id comparators, not the sorter. A TB finish moves the
// slot to the end of the ranking, keeping resident TBs at the front.
module pro_sorter #(
  parameter integer T    = 8,
  parameter integer PW   = 32,
  parameter integer NW   = 8,
  parameter integer IDW  = 16,          // TB (grid) id width for tie-breaks
  parameter integer THW  = 16,          // THRESHOLD counter width
  parameter integer TIDW = $clog2(T)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                tick_i,        // this edge ends an SM cycle
  input  wire [THW-1:0]      threshold_i,   // sort every THRESHOLD+1 cycles
  input  wire [T*3-1:0]      state_i,       // pro_tb_fsm state (registered)
  input  wire                slow_i,
  input  wire                tbs_waiting_i,
  input  wire [T*PW-1:0]     tb_prog_i,
  input  wire [T*NW-1:0]     nbar_i,
  input  wire [T*NW-1:0]     nfin_i,
  input  wire                launch_valid_i,
  input  wire [TIDW-1:0]     launch_tb_i,
  input  wire [IDW-1:0]      launch_id_i,
  input  wire                finish_valid_i,
  input  wire [TIDW-1:0]     finish_tb_i,
  input  wire                phase_change_i,
  input  wire                fin_sort_i,    // a warp exited this cycle
  input  wire                bar_sort_i,    // a warp reached a barrier this cycle
  // Composed order (ProPolicy::compose): finishWait list, barrier list,
  // noWait/finishNoWait in ranking order, then Finish TBs.
  output reg  [T*TIDW-1:0]   order_o,
  output reg  [T-1:0]        order_valid_o,
  output wire                resort_o,      // periodic trigger or phase change this edge
  output wire                busy_o,        // a sort is running
  output wire                done_o         // no sort running or requested
);
  localparam [2:0] EMPTY = 3'd0, NO_WAIT = 3'd1, BAR_WAIT = 3'd2, FIN_WAIT = 3'd3,
                   FIN_NO_WAIT = 3'd4, BAR_WAIT1 = 3'd5, FINISH = 3'd6;
  localparam [1:0] SEL_FIN = 2'd0, SEL_BAR = 2'd1, SEL_RANK = 2'd2;
  localparam integer TM1 = T - 1;
  localparam [TIDW:0] LAST_I = TM1[TIDW:0];       // pair (i, i+1) exists while i < T-1
  localparam [TIDW-1:0] LAST_R = TM1[TIDW-1:0];

  reg [TIDW-1:0] fin_q  [0:T-1];
  reg [TIDW-1:0] fin_d  [0:T-1];
  reg [TIDW-1:0] bar_q  [0:T-1];
  reg [TIDW-1:0] bar_d  [0:T-1];
  reg [TIDW-1:0] rank_q [0:T-1];
  reg [TIDW-1:0] rank_d [0:T-1];
  reg [TIDW-1:0] rem    [0:T-1];
  reg [IDW-1:0]  id_q   [0:T-1];
  reg [IDW-1:0]  id_d   [0:T-1];
  reg [T-1:0]    rz_q, rz_d;        // progress was 0 at the last ranking sort
  reg [2:0]      dirty_q, dirty_d;  // requested sorts: {rank, bar, fin}
  reg            busy_q, busy_d;
  reg [1:0]      sel_q, sel_d;
  reg [TIDW-1:0] round_q, round_d;
  reg [TIDW-1:0] i_q, i_d;
  reg [THW-1:0]  cnt_q, cnt_d;      // cycles since the last periodic trigger

  reg [2:0]      st [0:T-1];
  reg [PW-1:0]   prog [0:T-1];
  reg [NW-1:0]   nbar [0:T-1];
  reg [NW-1:0]   nfin [0:T-1];

  integer t, j;
  integer ut, ft, cj;  // one loop variable per always block
  reg [TIDW-1:0] k;
  reg            act, conflict, swap, wrap, last;
  reg            mem_a, mem_b, inc, b_first, ins_slow, tie;
  reg [1:0]      cur_sel;
  reg [TIDW-1:0] cur_i, cur_round, a, b, x, ix, pos;
  reg [TIDW:0]   ni;
  reg [NW-1:0]   cnt_a, cnt_b;

  // Parts of the composed order: 0 finish list, 1 barrier list, 2 remaining
  // (noWait / finishNoWait), 3 Finish. The ranking holds every resident TB
  // and supplies parts 2 and 3; the list sorts use parts 0 and 1.
  function automatic in_part(input [1:0] part, input [2:0] s);
    case (part)
      2'd0:    in_part = (s == FIN_WAIT);
      2'd1:    in_part = (s == BAR_WAIT) || (s == BAR_WAIT1);
      2'd2:    in_part = (s == NO_WAIT) || (s == FIN_NO_WAIT);
      default: in_part = (s == FINISH);
    endcase
  endfunction

  always @* begin
    for (ut = 0; ut < T; ut = ut + 1) begin
      st[ut]   = state_i[ut*3 +: 3];
      prog[ut] = tb_prog_i[ut*PW +: PW];
      nbar[ut] = nbar_i[ut*NW +: NW];
      nfin[ut] = nfin_i[ut*NW +: NW];
    end
  end

  // Periodic trigger (Algorithm 1 line 57: currCycle - lastSortCycle >
  // THRESHOLD): requested at the end of cycle THRESHOLD, 2*THRESHOLD+1, ...
  // so the sort reads the keys of cycle THRESHOLD+1, ... as ProPolicy's
  // order() does at the start of that cycle. Counts SM cycles (ticks).
  wire due = tick_i && (cnt_q == threshold_i);
  assign resort_o = due || phase_change_i;

  always @* begin
    for (t = 0; t < T; t = t + 1) begin
      fin_d[t]  = fin_q[t];
      bar_d[t]  = bar_q[t];
      rank_d[t] = rank_q[t];
      id_d[t]   = id_q[t];
    end
    rz_d    = rz_q;
    dirty_d = dirty_q;

    cnt_d = due ? {THW{1'b0}} : cnt_q + {{(THW-1){1'b0}}, tick_i};

    // ---- the one compare-and-swap unit ----
    act       = busy_q | (|dirty_q);
    cur_sel   = busy_q ? sel_q : (dirty_q[0] ? SEL_FIN : (dirty_q[1] ? SEL_BAR : SEL_RANK));
    cur_i     = busy_q ? i_q : {TIDW{1'b0}};
    cur_round = busy_q ? round_q : {TIDW{1'b0}};
    case (cur_sel)
      SEL_FIN: begin a = fin_q[cur_i];  b = fin_q[cur_i + 1'b1]; end
      SEL_BAR: begin a = bar_q[cur_i];  b = bar_q[cur_i + 1'b1]; end
      default: begin a = rank_q[cur_i]; b = rank_q[cur_i + 1'b1]; end
    endcase
    mem_a = (cur_sel == SEL_RANK) ? (st[a] != EMPTY) : in_part(cur_sel, st[a]);
    mem_b = (cur_sel == SEL_RANK) ? (st[b] != EMPTY) : in_part(cur_sel, st[b]);
    cnt_a = (cur_sel == SEL_FIN) ? nfin[a] : ((cur_sel == SEL_BAR) ? nbar[a] : {NW{1'b0}});
    cnt_b = (cur_sel == SEL_FIN) ? nfin[b] : ((cur_sel == SEL_BAR) ? nbar[b] : {NW{1'b0}});
    inc   = (cur_sel == SEL_RANK) && slow_i;   // slow phase: least progress first
    // b_first: b must come before a (then swap).
    if (!mem_b)                    b_first = 1'b0;
    else if (!mem_a)               b_first = 1'b1;
    else if (cnt_b != cnt_a)       b_first = cnt_b > cnt_a;
    else if (prog[b] != prog[a])   b_first = inc ? (prog[b] < prog[a]) : (prog[b] > prog[a]);
    else if (id_q[b] != id_q[a])   b_first = id_q[b] < id_q[a];
    else                           b_first = b < a;
    // A launch or finish rewrites the ranking this cycle: drop this swap and
    // rerun the ranking sort afterwards.
    conflict = act && (cur_sel == SEL_RANK) && (launch_valid_i || finish_valid_i);
    swap     = act && b_first && !conflict;
    if (swap) begin
      case (cur_sel)
        SEL_FIN: begin fin_d[cur_i] = b;  fin_d[cur_i + 1'b1] = a;  end
        SEL_BAR: begin bar_d[cur_i] = b;  bar_d[cur_i + 1'b1] = a;  end
        default: begin rank_d[cur_i] = b; rank_d[cur_i + 1'b1] = a; end
      endcase
    end
    // A ranking sort snapshots which TBs have no progress (for insertions).
    if (act && (cur_sel == SEL_RANK) && !busy_q) begin
      for (t = 0; t < T; t = t + 1) rz_d[t] = (prog[t] == {PW{1'b0}});
    end
    // Next pair; wrap to the next round.
    ni   = {1'b0, cur_i} + {{(TIDW-1){1'b0}}, 2'd2};
    wrap = (ni >= LAST_I);
    last = wrap && (cur_round == LAST_R);
    busy_d  = act && !last;
    sel_d   = cur_sel;
    round_d = wrap ? cur_round + 1'b1 : cur_round;
    i_d     = wrap ? {{(TIDW-1){1'b0}}, round_d[0]} : ni[TIDW-1:0];
    if (!act) begin
      round_d = round_q;
      i_d     = i_q;
    end
    if (act && !busy_q) begin
      case (cur_sel)
        SEL_FIN: dirty_d[0] = 1'b0;
        SEL_BAR: dirty_d[1] = 1'b0;
        default: dirty_d[2] = 1'b0;
      endcase
    end
    if (fin_sort_i) dirty_d[0] = 1'b1;
    if (bar_sort_i) dirty_d[1] = 1'b1;
    if (resort_o || conflict) dirty_d[2] = 1'b1;

    // ---- TB finish: move the slot to the end of the ranking ----
    x  = finish_tb_i;
    ix = {TIDW{1'b0}};
    for (j = 0; j < T; j = j + 1) rem[j] = {TIDW{1'b0}};  // used only under a finish or a launch
    if (finish_valid_i) begin
      for (j = 0; j < T; j = j + 1) if (rank_d[j] == x) ix = j[TIDW-1:0];
      for (j = 0; j < T - 1; j = j + 1) rem[j] = (j[TIDW-1:0] < ix) ? rank_d[j] : rank_d[j+1];
      rem[T-1] = x;
      for (j = 0; j < T; j = j + 1) rank_d[j] = rem[j];
    end

    // ---- TB launch: insert at its ranking position ----
    // (Computed only under launch_valid_i: the same logic, and the
    // Verilated model does not work it out at every evaluation.)
    ins_slow = slow_i & ~tbs_waiting_i;   // the phase the launch itself sees
    x   = launch_tb_i;
    pos = {TIDW{1'b0}};
    k   = {TIDW{1'b0}};
    tie = 1'b0;
    if (launch_valid_i) begin
      for (j = 0; j < T; j = j + 1) begin
        // k = slot at ranking position j; counts resident TBs the new one
        // does not rank before (a prefix, since the ranking is sorted).
        k   = rank_d[j];
        tie = (launch_id_i < id_q[k]) || ((launch_id_i == id_q[k]) && (x < k));
        if ((st[k] != EMPTY) && !(finish_valid_i && (k == finish_tb_i)) &&
            (k != x) && !(ins_slow ? (!rz_q[k] || tie) : (rz_q[k] && tie)))
          pos = pos + 1'b1;
      end
      ix = {TIDW{1'b0}};
      for (j = 0; j < T; j = j + 1) if (rank_d[j] == x) ix = j[TIDW-1:0];
      for (j = 0; j < T - 1; j = j + 1) rem[j] = (j[TIDW-1:0] < ix) ? rank_d[j] : rank_d[j+1];
      rem[T-1] = x;
      for (j = 0; j < T; j = j + 1) begin
        if (j[TIDW-1:0] < pos)       rank_d[j] = rem[j];
        else if (j[TIDW-1:0] == pos) rank_d[j] = x;
        else                         rank_d[j] = rem[j-1];
      end
      id_d[launch_tb_i] = launch_id_i;
      rz_d[launch_tb_i] = 1'b1;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (ft = 0; ft < T; ft = ft + 1) begin
        fin_q[ft]  <= ft[TIDW-1:0];
        bar_q[ft]  <= ft[TIDW-1:0];
        rank_q[ft] <= ft[TIDW-1:0];
        id_q[ft]   <= {IDW{1'b0}};
      end
      rz_q    <= {T{1'b1}};
      dirty_q <= 3'b000;
      busy_q  <= 1'b0;
      sel_q   <= SEL_FIN;
      round_q <= {TIDW{1'b0}};
      i_q     <= {TIDW{1'b0}};
      cnt_q   <= {THW{1'b0}};
    end else begin
      for (ft = 0; ft < T; ft = ft + 1) begin
        fin_q[ft]  <= fin_d[ft];
        bar_q[ft]  <= bar_d[ft];
        rank_q[ft] <= rank_d[ft];
        id_q[ft]   <= id_d[ft];
      end
      rz_q    <= rz_d;
      dirty_q <= dirty_d;
      busy_q  <= busy_d;
      sel_q   <= sel_d;
      round_q <= round_d;
      i_q     <= i_d;
      cnt_q   <= cnt_d;
    end
  end

  // ---- compose: concatenate the parts, each list filtered by state ----
  reg [TIDW:0]   n;
  reg [TIDW-1:0] m;
  integer        cp;
  always @* begin
    order_o       = {(T*TIDW){1'b0}};
    order_valid_o = {T{1'b0}};
    n = {(TIDW+1){1'b0}};
    m = {TIDW{1'b0}};
    for (cp = 0; cp < 4; cp = cp + 1) begin
      for (cj = 0; cj < T; cj = cj + 1) begin
        m = (cp == 0) ? fin_q[cj] : ((cp == 1) ? bar_q[cj] : rank_q[cj]);
        if (in_part(cp[1:0], st[m])) begin
          order_o[n[TIDW-1:0]*TIDW +: TIDW] = m;
          order_valid_o[n[TIDW-1:0]] = 1'b1;
          n = n + 1'b1;
        end
      end
    end
  end

  assign busy_o = busy_q;
  assign done_o = !busy_q && (dirty_q == 3'b000);
endmodule
