// RLWS_MS for one SM (seed 003 Sec. V.D): the shared learning agent with
// five meta-actions and no NO_INSTR (Table VIII: N = 7 attributes,
// initial_q 1250, so INIT = floor(1250 / 7 * 2^16)) and the meta-action
// warp selector. The deciding scheduler's possible meta-actions make the
// agent's possible actions, the agent's action picks the order. One
// decision per edge (the agent learns between two schedulers' decisions,
// as RlPolicy::order). As in rlws_top, the attribute counters that produce
// state_i are an instrumentation block outside this one.
module rlws_ms_top #(
  parameter integer W   = 48,
  parameter integer S   = 2,
  parameter integer N   = 7,
  parameter integer VW  = 3,
  parameter integer TW  = 32,
  parameter integer FW  = 16,
  parameter integer RW  = 16,
  parameter integer KW  = 8,
  parameter [63:0]  INIT = 11702857,
  parameter integer WW = (W > 1) ? $clog2(W) : 1, // derived: warp index width
  parameter integer SW = (S > 1) ? $clog2(S) : 1  // derived: scheduler index width
) (
  input  wire            clk_i,
  input  wire            rst_ni,
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
  input  wire [SW-1:0]   dec_sched_i,
  input  wire [N*VW-1:0] state_i,
  input  wire [W-1:0]    mine_i,
  input  wire [W-1:0]    live_i,
  input  wire [W-1:0]    can_issue_i,
  input  wire [W-1:0]    barrier_tb_i,
  input  wire [W-1:0]    finished_tb_i,
  input  wire [W*KW-1:0] age_i,
  input  wire [W-1:0]    skip_i,         // see rlws_ms_select
  output wire [2:0]      action_o,       // the meta-action (rlws_ms_select's numbering)
  output wire            explore_o,
  output wire [4:0]      ready_o,
  output wire            pick_valid_o,
  output wire [WW-1:0]   pick_o,
  output wire [W-1:0]    order_o,        // see rlws_ms_select
  output wire [5*N*TW-1:0] theta_o,
  output wire [S*3-1:0]  last_action_o,
  output wire [S-1:0]    last_valid_o,
  output wire [S*WW-1:0] last_warp_o,
  output wire [S-1:0]    last_warp_valid_o,
  output wire [31:0]     lfsr_o
);

  rlws_agent #(.N(N), .A(5), .S(S), .VW(VW), .TW(TW), .FW(FW), .RW(RW), .INIT(INIT), .NO_INSTR_RULE(0)) u_agent (
    .clk_i(clk_i), .rst_ni(rst_ni), .cfg_valid_i(cfg_valid_i), .alpha_i(alpha_i), .gamma_i(gamma_i),
    .eps_i(eps_i), .seed_valid_i(seed_valid_i), .seed_i(seed_i), .restart_i(restart_i), .issue_i(issue_valid_i),
    .dec_valid_i(dec_valid_i), .dec_sched_i(dec_sched_i), .state_i(state_i), .ready_i(ready_o), .action_o(action_o),
    .explore_o(explore_o), .theta_o(theta_o), .last_action_o(last_action_o), .last_valid_o(last_valid_o),
    .lfsr_o(lfsr_o));

  rlws_ms_select #(.W(W), .S(S), .KW(KW)) u_select (
    .clk_i(clk_i), .rst_ni(rst_ni), .restart_i(restart_i), .issue_valid_i(issue_valid_i),
    .issue_warp_i(issue_warp_i), .exit_valid_i(exit_valid_i), .exit_warp_i(exit_warp_i), .sched_i(dec_sched_i),
    .action_i(action_o), .mine_i(mine_i), .live_i(live_i), .can_issue_i(can_issue_i), .barrier_tb_i(barrier_tb_i),
    .finished_tb_i(finished_tb_i), .age_i(age_i), .skip_i(skip_i), .ready_o(ready_o), .pick_valid_o(pick_valid_o),
    .pick_o(pick_o), .order_o(order_o), .last_warp_o(last_warp_o), .last_valid_o(last_warp_valid_o));

endmodule
