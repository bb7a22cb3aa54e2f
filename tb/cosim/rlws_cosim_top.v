// Simulation-only shell around rlws_top for the transaction-level
// co-simulation adapter (tb/cosim/rtl_rl_policy_impl.h); not hardware, not
// costed. It has rlws_top's ports (one decision port, P = 1) and registers
// the decision's level inputs (scheduler, state, the warps' masks, classes
// and ages, the read-out's skip mask) on the rising edge; the event inputs
// go straight through. So a decision is read after an edge: the edge that
// latches its inputs also takes the events waiting before it.
//
// Why: Verilator 5.006 runs all logic fed by top-level inputs at every
// eval() (the "ico" region), and again after an edge for the logic fed by
// flip-flops ("nba"). Wired straight to the level inputs, the agent's Q
// sums and the warp selector ran once to read a decision and again after
// each edge. Fed from flip-flops they run once, after the edge. A decision
// applied at a later edge (dec_valid_i) still sees its own inputs there:
// only the adapter's next decision drives new ones, and it latches them at
// the edge that applies the one before.
module rlws_cosim_top #(
  parameter integer W   = 48,
  parameter integer S   = 2,
  parameter integer N   = 8,
  parameter integer VW  = 3,
  parameter integer TW  = 32,
  parameter integer RW  = 16,
  parameter integer KW  = 8,
  parameter integer WW = (W > 1) ? $clog2(W) : 1, // derived: warp index width
  parameter integer SW = (S > 1) ? $clog2(S) : 1  // derived: scheduler index width
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire            tick_i,
  input  wire            restart_i,
  input  wire            seed_valid_i,
  input  wire [31:0]     seed_i,
  input  wire            cfg_valid_i,
  input  wire [RW:0]     alpha_i,
  input  wire [RW:0]     gamma_i,
  input  wire [RW:0]     eps_i,
  input  wire [S-1:0]    issue_valid_i,
  input  wire [S*WW-1:0] issue_warp_i,
  input  wire            exit_valid_i,
  input  wire [WW-1:0]   exit_warp_i,
  input  wire            dec_valid_i,
  input  wire [SW-1:0]   dec_sched_i,    // latched here at the edge, as every level input below
  input  wire [N*VW-1:0] state_i,
  input  wire [W-1:0]    mine_i,
  input  wire [W-1:0]    can_issue_i,
  input  wire [2*W-1:0]  class_bits_i,
  input  wire [W*KW-1:0] age_i,
  input  wire [W-1:0]    skip_i,
  output wire [2:0]      action_o,
  output wire            explore_o,
  output wire            pick_valid_o,
  output wire [WW-1:0]   pick_o,
  output wire [5*N*TW-1:0] theta_o,
  output wire [S*3-1:0]  last_action_o,
  output wire [S-1:0]    last_valid_o,
  output wire [S*WW-1:0] last_warp_o,
  output wire [S-1:0]    recent_o,
  output wire [31:0]     lfsr_o
);
  // The level inputs as of the last edge. No reset: the adapter reads a
  // decision only after an edge has loaded its inputs.
  reg [SW-1:0]   dec_sched_q;
  reg [N*VW-1:0] state_q;
  reg [W-1:0]    mine_q, can_issue_q, skip_q;
  reg [2*W-1:0]  class_q;
  reg [W*KW-1:0] age_q;
  always @(posedge clk_i) begin
    dec_sched_q <= dec_sched_i;
    state_q     <= state_i;
    mine_q      <= mine_i;
    can_issue_q <= can_issue_i;
    skip_q      <= skip_i;
    class_q     <= class_bits_i;
    age_q       <= age_i;
  end

  rlws_top #(.W(W), .S(S), .P(1), .N(N), .VW(VW), .TW(TW), .RW(RW), .KW(KW)) u_top (
    .clk_i, .rst_ni, .tick_i, .restart_i, .seed_valid_i, .seed_i, .cfg_valid_i, .alpha_i, .gamma_i, .eps_i,
    .issue_valid_i, .issue_warp_i, .exit_valid_i, .exit_warp_i, .dec_valid_i, .dec_sched_i(dec_sched_q),
    .state_i(state_q), .mine_i(mine_q), .can_issue_i(can_issue_q), .class_bits_i(class_q), .age_i(age_q),
    .skip_i(skip_q), .action_o, .explore_o, .pick_valid_o, .pick_o, .theta_o, .last_action_o, .last_valid_o,
    .last_warp_o, .recent_o, .lfsr_o);
endmodule
