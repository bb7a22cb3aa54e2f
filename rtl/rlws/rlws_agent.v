// RLWS learning agent (seed 003 Sec. IV.E-F, IV.I): the weights theta shared
// by the S schedulers of an SM, the A Q-value sums of N shifted terms
// (Q(s, a) = sum_i theta[a][i] >>> v_i: the features 2^-v_i are shifts),
// the arg-max over the possible actions with the NO_INSTR rule,
// epsilon-greedy exploration from an LFSR, and the SARSA TD update
// theta[a][i] += (alpha * delta) >>> v_i, delta = r + gamma Q(s', a') - Q(s, a).
//
// P decision ports (dec_valid_i[p] for scheduler dec_sched_i[p]); the
// ports of one edge decide for different schedulers. Each action is
// combinational from the registered theta (the golden model chooses before
// it learns), and at the edge the deciding scheduler's previous step is
// learnt with this decision as (s', a'). Q(s, a) of the previous step is
// recomputed from the stored previous state, not kept in the paper's
// "previous Q" register: the other scheduler may have changed theta since.
//
// P = 1 (the transaction-level block): one decision per edge, so a second
// scheduler deciding at the next edge sees the first one's update, as
// RlPolicy::order does in scheduler order. P = S (cycle-timed): every
// scheduler decides in the edge that ends the SM cycle; all ports read the
// registered (start-of-cycle) theta, and all updates are computed from it.
// Two ports updating the same action add their steps: each weight becomes
// saturate(old + inc_0 + inc_1), saturated once. Port p explores with the
// LFSR stepped once per decision on ports 0 .. p-1 at this edge, and the
// LFSR advances by the edge's number of decisions, so the draws of an edge
// are the consecutive LFSR values P = 1 would use over as many edges.
//
// Fixed point: theta is TW-bit two's complement with FW fraction bits; the
// rates alpha, gamma, epsilon are unsigned with RW fraction bits (1.0
// allowed). Every shift and product rounds toward minus infinity. The
// rates are registers written through cfg_valid_i (the paper's three
// parameter registers); the first-phase decay that rewrites alpha and
// epsilon is not in this block.
//
// Actions 0 .. A-2 issue to a pipeline (ready_i says which have a warp that
// could issue now); action A-1 is NO_INSTR, possible when nothing is ready
// or the scheduler's previous action was not NO_INSTR. Q ties go to the
// lowest action. Exploration: the top RW bits of the LFSR below epsilon
// explore, and the low PKW bits times the number of possible actions (high
// part) pick one of them; the LFSR steps once per decision.
//
// NO_INSTR_RULE = 0 (RLWS_MS's meta-actions): there is no NO_INSTR; ready_i
// is A bits per port, every action is possible when ready, and all are when
// none is (RlPolicy::choose's rule for an empty mask).
module rlws_agent #(
  parameter integer N       = 8,       // state variables
  parameter integer A       = 5,       // actions, the last one NO_INSTR
  parameter integer S       = 2,       // schedulers sharing theta
  parameter integer P       = 1,       // decision ports (1 or S)
  parameter integer VW      = 3,       // bucket value width (shift amount)
  parameter integer TW      = 32,      // theta width
  parameter integer FW      = 16,      // theta fraction bits
  parameter integer RW      = 16,      // rate fraction bits
  parameter integer LW      = 32,      // LFSR width (>= RW + PKW)
  parameter integer PKW     = 16,      // random bits of the exploration pick
  parameter signed [63:0] REWARD  = 1,      // reward of a step that issued (whole units)
  parameter signed [63:0] PENALTY = 0,      // reward of a step that did not (whole units)
  parameter [63:0]        INIT    = 204800, // initial weight in theta units: initial_q / N (25 / 8 at FW = 16)
  parameter integer NO_INSTR_RULE = 1,      // 1: action A-1 is NO_INSTR; 0: all A actions are ready actions
  parameter integer RA = A - NO_INSTR_RULE, // derived: ready actions per port
  parameter integer SW = (S > 1) ? $clog2(S) : 1, // derived: scheduler index width
  parameter integer AW = $clog2(A),               // derived: action index width
  parameter integer QW = TW + $clog2(N) + 1       // derived: Q sum width
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  input  wire               cfg_valid_i,   // load the rates
  input  wire [RW:0]        alpha_i,
  input  wire [RW:0]        gamma_i,
  input  wire [RW:0]        eps_i,
  input  wire               seed_valid_i,  // load the LFSR (not with dec_valid_i)
  input  wire [LW-1:0]      seed_i,        // non-zero
  input  wire               restart_i,     // new kernel: initial weights, no previous steps
  input  wire [S-1:0]       issue_i,       // scheduler s issued (after its decision at this edge)
  input  wire [P-1:0]       dec_valid_i,   // port p decides now ...
  input  wire [P*SW-1:0]    dec_sched_i,   // ... for this scheduler
  input  wire [P*N*VW-1:0]  state_i,       // its state: bucket value of variable i in [(p*N+i)*VW +: VW]
  input  wire [P*RA-1:0]    ready_i,       // issuing actions with a warp that can issue
  output wire [P*AW-1:0]    action_o,      // the decision
  output wire [P-1:0]       explore_o,     // ... taken at random
  output wire [A*N*TW-1:0]  theta_o,       // theta[a][i] in [(a*N+i)*TW +: TW]
  output wire [S*AW-1:0]    last_action_o, // each scheduler's previous action ...
  output wire [S-1:0]       last_valid_o,  // ... if it has one since the restart
  output wire [LW-1:0]      lfsr_o
);

  localparam integer NO_INSTR = A - 1;
  localparam integer DW = QW + 2;        // delta width
  localparam [LW-1:0] TAPS = 32'h80200003; // x^32 + x^22 + x^2 + x + 1, maximal length
  localparam [TW-1:0] INIT_W = INIT[TW-1:0];
  localparam integer XW = DW + 2;        // weight step width (alpha <= 1)
  localparam integer UW = XW + $clog2(P); // a weight plus the P ports' steps
  localparam signed [DW-1:0] REWARD_D  = REWARD[DW-1:0] <<< FW;
  localparam signed [DW-1:0] PENALTY_D = PENALTY[DW-1:0] <<< FW;
  localparam signed [UW-1:0] TMAX = {{(UW-TW+1){1'b0}}, {(TW-1){1'b1}}};
  localparam signed [UW-1:0] TMIN = ~TMAX;

  reg [N*TW-1:0]   theta_q [0:A-1];  // action a's weights, theta[a][i] in [i*TW +: TW]
  reg [S*N*VW-1:0] prev_state_q, prev_state_d;
  reg [S*AW-1:0]   prev_action_q, prev_action_d;
  reg [S-1:0]      prev_valid_q, prev_valid_d;
  reg [S-1:0]      issued_q, issued_d;    // the previous step earned the reward
  reg [RW:0]       alpha_q, gamma_q, eps_q;
  reg [LW-1:0]     lfsr_q;

  function [TW-1:0] saturate(input signed [UW-1:0] x);
    begin
      if (x > TMAX)      saturate = TMAX[TW-1:0];
      else if (x < TMIN) saturate = TMIN[TW-1:0];
      else               saturate = x[TW-1:0];
    end
  endfunction

  // x >>> v as a logarithmic shifter: stage k shifts by 2^k when bit k of
  // v is set. Constant shifts and 2:1 muxes, not yosys's variable shift
  // cells, whose resource sharing would search the 50 of them; VW muxes
  // deep, and the Verilated model takes VW selects, not 2^VW - 1 compares.
  function signed [XW-1:0] shr(input signed [XW-1:0] x, input [VW-1:0] v);
    integer k;
    begin
      shr = x;
      for (k = 0; k < VW; k = k + 1)
        shr = v[k] ? shr >>> (1 << k) : shr;
    end
  endfunction

  // Q(state, a) from the registered weights.
  // (Summed at XW bits, the width shr takes; the sum fits in QW.)
  function signed [QW-1:0] q_of(input [N*VW-1:0] state, input [N*TW-1:0] w);
    integer i;
    reg signed [XW-1:0] sum, term;
    begin
      sum = {XW{1'b0}};
      for (i = 0; i < N; i = i + 1) begin
        term = {{(XW-TW){w[i*TW+TW-1]}}, w[i*TW +: TW]};
        sum = sum + shr(term, state[i*VW +: VW]);
      end
      q_of = sum[QW-1:0];
    end
  endfunction

  // Galois LFSR step; never all zero.
  function [LW-1:0] lfsr_step(input [LW-1:0] x);
    lfsr_step = {1'b0, x[LW-1:1]} ^ (x[0] ? TAPS : {LW{1'b0}});
  endfunction

  // What each port learns at the edge: its scheduler's previous step (s,
  // a), whether it earned the reward, and Q(s', a') of this decision.
  wire [P-1:0]      learn;
  wire [P*AW-1:0]   learn_action;
  wire [P*N*VW-1:0] learn_state;
  wire [P-1:0]      learn_issued;
  wire [P*QW-1:0]   learn_q_next;
  wire [P-1:0]      unused_low;

  // The TD step of a previous step (s, a) whose action's weights are w,
  // with the rate registers:
  // delta = r + (gamma Q(s', a')) >> RW - Q(s, a), step = (alpha delta) >> RW,
  // and weight i's share step >>> v_i. The products keep every bit; the
  // low RW, dropped (the floor), are the *_unused_low parts.
  function [N*XW-1:0] td_inc(input [N*VW-1:0] s, input [N*TW-1:0] w, input signed [QW-1:0] q_next, input issued);
    reg signed [QW-1:0] q_prev;
    reg signed [DW-1:0] gamma_q_next, delta;
    reg signed [XW-1:0] step;
    reg [RW-1:0]        gamma_unused_low, step_unused_low;
    integer i;
    begin
      q_prev = q_of(s, w);
      {gamma_q_next, gamma_unused_low} = $signed({1'b0, gamma_q}) * q_next;
      delta = (issued ? REWARD_D : PENALTY_D) + gamma_q_next - {{2{q_prev[QW-1]}}, q_prev};
      {step, step_unused_low} = $signed({1'b0, alpha_q}) * delta;
      for (i = 0; i < N; i = i + 1) td_inc[i*XW +: XW] = shr(step, s[i*VW +: VW]);
    end
  endfunction

  // Action a's weights after the edge: old + the steps of every port
  // learning a at this edge (the learn_* wires), saturated once at TW bits
  // (P = 1: old + step). Only the learnt rows of theta_q are written. This
  // is a D input, a function evaluated in the clocked block rather than an
  // always @* theta_d: the same logic, but the Verilated model then computes
  // the learning datapath only at clock edges, not again at every evaluation
  // of the decision's inputs, and copies one row per learning port instead
  // of all of theta. (Two ports learning one action compute the same row;
  // synthesis merges the repeated steps.)
  function [N*TW-1:0] theta_row_next(input [AW-1:0] a);
    reg [P*N*XW-1:0]    inc;  // per port, the steps of its learnt action's weights
    reg [N*TW-1:0]      old_w;
    reg signed [UW-1:0] sum;
    integer r, i;
    begin
      for (r = 0; r < P; r = r + 1)
        inc[r*N*XW +: N*XW] = td_inc(learn_state[r*N*VW +: N*VW], theta_q[learn_action[r*AW +: AW]],
                                     learn_q_next[r*QW +: QW], learn_issued[r]);
      old_w = theta_q[a];
      for (i = 0; i < N; i = i + 1) begin
        sum = {{(UW-TW){old_w[i*TW+TW-1]}}, old_w[i*TW +: TW]};
        for (r = 0; r < P; r = r + 1)
          if (learn[r] && learn_action[r*AW +: AW] == a)
            sum = sum + {{(UW-XW){inc[(r*N+i)*XW+XW-1]}}, inc[(r*N+i)*XW +: XW]};
        theta_row_next[i*TW +: TW] = saturate(sum);
      end
    end
  endfunction

  // Port p's draw: the LFSR stepped once per decision on ports 0 .. p-1.
  reg [P*LW-1:0] draw;
  reg [LW-1:0]   lfsr_d;
  integer e;
  always @* begin
    lfsr_d = lfsr_q;
    for (e = 0; e < P; e = e + 1) begin
      draw[e*LW +: LW] = lfsr_d;
      if (dec_valid_i[e]) lfsr_d = lfsr_step(lfsr_d);
    end
  end

  genvar p;
  generate
    for (p = 0; p < P; p = p + 1) begin : g_port
      wire [SW-1:0]   sched = dec_sched_i[p*SW +: SW];
      wire [N*VW-1:0] state = state_i[p*N*VW +: N*VW];
      wire [LW-1:0]   lfsr  = draw[p*LW +: LW];

      // Possible actions: the ready pipelines, NO_INSTR by the rule above.
      wire [AW-1:0] own_prev_action = prev_action_q[sched*AW +: AW];
      wire          own_prev_valid  = prev_valid_q[sched];
      wire [RA-1:0] ready           = ready_i[p*RA +: RA];
      wire [A-1:0]  possible;
      if (NO_INSTR_RULE != 0) begin : g_no_instr
        wire no_instr_ok = ready == {RA{1'b0}} || !own_prev_valid || own_prev_action != NO_INSTR[AW-1:0];
        assign possible = {no_instr_ok, ready};
      end else begin : g_ready
        assign possible = ready == {A{1'b0}} ? {A{1'b1}} : ready;
      end

      // Greedy: the first possible action of highest Q.
      reg signed [QW-1:0] q_now [0:A-1];
      reg [AW-1:0]        greedy;
      reg signed [QW-1:0] best_q;
      reg                 found;
      integer a;
      always @* begin
        greedy = {AW{1'b0}};
        best_q = {QW{1'b0}};
        found  = 1'b0;
        for (a = 0; a < A; a = a + 1) begin
          q_now[a] = q_of(state, theta_q[a]);
          if (possible[a] && (!found || q_now[a] > best_q)) begin
            greedy = a[AW-1:0];
            best_q = q_now[a];
            found  = 1'b1;
          end
        end
      end

      // Exploration: the k-th possible action from the lowest, k = (rand * count) >> PKW.
      reg [AW:0]       count;
      reg [AW:0]       k;
      reg [AW-1:0]     random_action;
      reg [PKW+AW:0]   scaled;
      reg              picked;
      integer b;
      always @* begin
        count = {(AW+1){1'b0}};
        for (b = 0; b < A; b = b + 1) count = count + {{AW{1'b0}}, possible[b]};
        scaled = {{(AW+1){1'b0}}, lfsr[PKW-1:0]} * {{PKW{1'b0}}, count};
        k = scaled[PKW +: AW+1];
        random_action = {AW{1'b0}};
        picked = 1'b0;
        for (b = 0; b < A; b = b + 1) begin
          if (possible[b] && !picked) begin
            if (k == {(AW+1){1'b0}}) begin
              random_action = b[AW-1:0];
              picked = 1'b1;
            end
            k = k - 1'b1;
          end
        end
      end
      wire          explore = {1'b0, lfsr[LW-1 -: RW]} < eps_q;
      wire [AW-1:0] action  = explore ? random_action : greedy;
      assign explore_o[p]         = explore;
      assign action_o[p*AW +: AW] = action;

      assign learn[p]                      = dec_valid_i[p] && own_prev_valid;
      assign learn_action[p*AW +: AW]      = own_prev_action;
      assign learn_state[p*N*VW +: N*VW]   = prev_state_q[sched*N*VW +: N*VW];
      assign learn_issued[p]               = issued_q[sched];
      assign learn_q_next[p*QW +: QW]      = q_now[action];
      assign unused_low[p] = ^scaled[PKW-1:0];
    end
  endgenerate

  // Each deciding scheduler's step becomes its decision; an issue after it earns the reward.
  integer d;
  always @* begin
    prev_state_d  = prev_state_q;
    prev_action_d = prev_action_q;
    prev_valid_d  = prev_valid_q;
    issued_d      = issued_q | issue_i;
    for (d = 0; d < P; d = d + 1) begin
      if (dec_valid_i[d]) begin
        prev_state_d[dec_sched_i[d*SW +: SW]*N*VW +: N*VW] = state_i[d*N*VW +: N*VW];
        prev_action_d[dec_sched_i[d*SW +: SW]*AW +: AW]    = action_o[d*AW +: AW];
        prev_valid_d[dec_sched_i[d*SW +: SW]]              = 1'b1;
        issued_d[dec_sched_i[d*SW +: SW]]                  = issue_i[dec_sched_i[d*SW +: SW]];
      end
    end
  end

  integer j;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (j = 0; j < A; j = j + 1) theta_q[j] <= {N{INIT_W}};
      prev_state_q  <= {S*N*VW{1'b0}};
      prev_action_q <= {S*AW{1'b0}};
      prev_valid_q  <= {S{1'b0}};
      issued_q      <= {S{1'b0}};
      alpha_q       <= {(RW+1){1'b0}};
      gamma_q       <= {(RW+1){1'b0}};
      eps_q         <= {(RW+1){1'b0}};
      lfsr_q        <= {{(LW-1){1'b0}}, 1'b1};
    end else begin
      if (restart_i) begin
        for (j = 0; j < A; j = j + 1) theta_q[j] <= {N{INIT_W}};
        prev_valid_q <= {S{1'b0}};
        issued_q     <= {S{1'b0}};
      end else begin
        for (j = 0; j < P; j = j + 1)
          if (learn[j]) theta_q[learn_action[j*AW +: AW]] <= theta_row_next(learn_action[j*AW +: AW]);
        prev_valid_q <= prev_valid_d;
        issued_q     <= issued_d;
      end
      prev_state_q  <= prev_state_d;
      prev_action_q <= prev_action_d;
      if (cfg_valid_i) begin
        alpha_q <= alpha_i;
        gamma_q <= gamma_i;
        eps_q   <= eps_i;
      end
      if (seed_valid_i) lfsr_q <= seed_i;
      else              lfsr_q <= lfsr_d;
    end
  end

  genvar ta;
  generate
    for (ta = 0; ta < A; ta = ta + 1) begin : g_theta_o
      assign theta_o[ta*N*TW +: N*TW] = theta_q[ta];
    end
  endgenerate
  assign last_action_o = prev_action_q;
  assign last_valid_o  = prev_valid_q;
  assign lfsr_o        = lfsr_q;

endmodule
