// RLWS warp selector (seed 003 Sec. IV.F): once the agent has chosen a
// pipeline for scheduler sched_i, issue the warp that scheduler issued in
// the last cycle if it matches, otherwise the oldest matching warp
// (RlwsPolicy::write_order's first entry). A warp matches when it can issue
// now (ready, unit free: can_issue_i) and its head instruction's class is
// the action. It also tells the agent which classes have such a warp
// (ready_o: the actions other than NO_INSTR that are possible).
//
// Age is an input key per warp, smaller is older: {the TB's launch rank
// among the resident TBs, warp index in the TB}, what the SM's TB table
// holds (RlPolicy::older). The warps' classes come in bit planes (class_bits_i[b*W
// +: W] holds bit b of every warp's class, wiring only), so the warps of a
// class are an AND of CLW W-bit words, not W per-warp compares. skip_i takes warps out of the pick but not out of
// ready_o: with it the co-simulation reads RlwsPolicy's whole order (the
// pick, then skip it, ...) while the agent's action stays; the SM issues
// the first, so an SM ties it to 0 and synthesis drops it. State: per
// scheduler the last issued warp and whether it issued in the previous SM
// cycle, S*(WW+1) + S bits. An edge
// with tick_i = 1 ends an SM cycle; issues at any edge of the cycle count.
// A warp exit forgets the scheduler's last warp if it was that one
// (RlPolicy::on_warp_exit): a TB launched into its slots the next cycle
// must not inherit the repeat.
//
// P selection ports, one per agent decision port: port p picks for
// scheduler sched_i[p] with action_i[p] among mine_i[p]'s warps. The warp
// inputs are shared (a warp belongs to one scheduler), the picks read only
// the registered state, so P = S selects for every scheduler in one edge.
module rlws_warp_select #(
  parameter integer W  = 48,   // warp slots per SM
  parameter integer S  = 2,    // schedulers per SM
  parameter integer P  = 1,    // selection ports (1 or S)
  parameter integer C  = 4,    // pipeline classes (issuing actions)
  parameter integer KW = 8,    // age key width
  parameter integer WW = (W > 1) ? $clog2(W) : 1, // derived: warp index width
  parameter integer SW = (S > 1) ? $clog2(S) : 1, // derived: scheduler index width
  parameter integer CLW = (C > 1) ? $clog2(C) : 1, // derived: class index width
  parameter integer AW = $clog2(C + 1)            // derived: action width (C = NO_INSTR)
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             restart_i,      // new kernel: forget the last issued warps
  input  wire             tick_i,         // this edge ends an SM cycle
  input  wire [S-1:0]     issue_valid_i,  // scheduler s issued ...
  input  wire [S*WW-1:0]  issue_warp_i,   // ... this warp
  input  wire             exit_valid_i,   // this warp exited (after this edge's issues)
  input  wire [WW-1:0]    exit_warp_i,
  input  wire [P*SW-1:0]  sched_i,        // port p's deciding scheduler
  input  wire [P*AW-1:0]  action_i,       // its action
  input  wire [P*W-1:0]   mine_i,         // the warp belongs to port p's scheduler
  input  wire [W-1:0]     can_issue_i,    // ready, unit free
  input  wire [CLW*W-1:0] class_bits_i,   // head instruction's pipeline class: bit b of warp w's in [b*W + w]
  input  wire [W*KW-1:0]  age_i,
  input  wire [W-1:0]     skip_i,         // not picked (co-simulation reads the order out; 0 in use)
  output wire [P*C-1:0]   ready_o,        // classes with a warp of port p's scheduler that can issue
  output wire [P-1:0]     pick_valid_o,
  output wire [P*WW-1:0]  pick_o,
  output wire [S*WW-1:0]  last_warp_o,
  output wire [S-1:0]     recent_o        // last_warp issued in the previous SM cycle
);

  reg [S*WW-1:0] last_warp_q, last_warp_d;
  reg [S-1:0]    recent_q, recent_d;
  reg [S-1:0]    now_q, now_d;          // issued in the current SM cycle

  integer s;
  always @* begin
    last_warp_d = last_warp_q;
    now_d       = now_q | issue_valid_i;
    recent_d    = recent_q;
    for (s = 0; s < S; s = s + 1)
      if (issue_valid_i[s]) last_warp_d[s*WW +: WW] = issue_warp_i[s*WW +: WW];
    if (tick_i) begin
      recent_d = now_d;
      now_d    = {S{1'b0}};
    end
    for (s = 0; s < S; s = s + 1) begin
      if (exit_valid_i && last_warp_d[s*WW +: WW] == exit_warp_i) begin
        recent_d[s] = 1'b0;
        now_d[s]    = 1'b0;
      end
    end
  end

  // The warps whose class is c: every class bit plane matched.
  function automatic [W-1:0] of_class(input [CLW-1:0] c);
    integer b;
    begin
      of_class = {W{1'b1}};
      for (b = 0; b < CLW; b = b + 1)
        of_class = of_class & (c[b] ? class_bits_i[b*W +: W] : ~class_bits_i[b*W +: W]);
    end
  endfunction

  genvar p;
  generate
    for (p = 0; p < P; p = p + 1) begin : g_port
      wire [SW-1:0] sched  = sched_i[p*SW +: SW];
      wire [AW-1:0] action = action_i[p*AW +: AW];
      wire [W-1:0]  mine   = mine_i[p*W +: W];

      // The candidates: warps of the scheduler that can issue, per class and for the action.
      wire [W-1:0] elig = mine & can_issue_i;
      reg  [C-1:0] ready;
      reg  [W-1:0] match;
      integer c;
      always @* begin
        for (c = 0; c < C; c = c + 1) ready[c] = |(elig & of_class(c[CLW-1:0]));
        match = (action < C[AW-1:0]) ? elig & ~skip_i & of_class(action[CLW-1:0]) : {W{1'b0}};
      end
      assign ready_o[p*C +: C] = ready;

      // The previous cycle's warp if it matches, else the oldest match.
      wire [WW-1:0] own_last    = last_warp_q[sched*WW +: WW];
      wire          repeat_last = recent_q[sched] && match[own_last];
      reg           found;
      reg  [WW-1:0] oldest;
      reg  [KW-1:0] best_age;
      integer v;
      always @* begin
        found    = 1'b0;
        oldest   = {WW{1'b0}};
        best_age = {KW{1'b0}};
        for (v = 0; v < W; v = v + 1) begin
          if (match[v] && (!found || age_i[v*KW +: KW] < best_age)) begin
            found    = 1'b1;
            oldest   = v[WW-1:0];
            best_age = age_i[v*KW +: KW];
          end
        end
      end
      assign pick_valid_o[p]     = found;
      assign pick_o[p*WW +: WW]  = repeat_last ? own_last : oldest;
    end
  endgenerate

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      last_warp_q <= {S*WW{1'b0}};
      recent_q    <= {S{1'b0}};
      now_q       <= {S{1'b0}};
    end else if (restart_i) begin
      last_warp_q <= {S*WW{1'b0}};
      recent_q    <= {S{1'b0}};
      now_q       <= {S{1'b0}};
    end else begin
      last_warp_q <= last_warp_d;
      recent_q    <= recent_d;
      now_q       <= now_d;
    end
  end

  assign last_warp_o = last_warp_q;
  assign recent_o    = recent_q;

endmodule
