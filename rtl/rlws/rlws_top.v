// RLWS for one SM: the shared learning agent and the warp selector. The
// deciding scheduler's ready classes make the agent's possible actions, the
// agent's action picks the warp; tick_i marks the edge that ends an SM
// cycle. P decision ports, each an agent port and a selector port: P = 1,
// one decision per edge (the agent learns between two schedulers'
// decisions, as RlPolicy::order); P = S, port p decides for scheduler p
// and all of them in the edge that ends the cycle (cycle-timed, see
// rlws_agent). The attribute counters that produce state_i
// are an instrumentation block outside this one (seed 003 counts only the
// N state registers, which are state_i's source, not these flops).
module rlws_top #(
  parameter integer W   = 48,
  parameter integer S   = 2,
  parameter integer P   = 1,    // decision ports (1 or S)
  parameter integer N   = 8,
  parameter integer VW  = 3,
  parameter integer TW  = 32,
  parameter integer FW  = 16,
  parameter integer RW  = 16,
  parameter integer KW  = 8,
  parameter [63:0]  INIT = 204800,
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
  input  wire [P-1:0]    dec_valid_i,   // per port, as rlws_agent and rlws_warp_select
  input  wire [P*SW-1:0] dec_sched_i,
  input  wire [P*N*VW-1:0] state_i,
  input  wire [P*W-1:0]  mine_i,
  input  wire [W-1:0]    can_issue_i,
  input  wire [2*W-1:0]  class_bits_i,  // class SP 0, SFU 1, global memory 2, shared/texture/constant 3; bit b of warp w's in [b*W + w]
  input  wire [W*KW-1:0] age_i,
  input  wire [W-1:0]    skip_i,        // see rlws_warp_select
  output wire [P*3-1:0]  action_o,      // 4: NO_INSTR
  output wire [P-1:0]    explore_o,
  output wire [P-1:0]    pick_valid_o,  // issue pick_o (never with NO_INSTR)
  output wire [P*WW-1:0] pick_o,
  output wire [5*N*TW-1:0] theta_o,
  output wire [S*3-1:0]  last_action_o,
  output wire [S-1:0]    last_valid_o,
  output wire [S*WW-1:0] last_warp_o,
  output wire [S-1:0]    recent_o,
  output wire [31:0]     lfsr_o
);

  wire [P*4-1:0] ready;

  rlws_agent #(.N(N), .A(5), .S(S), .P(P), .VW(VW), .TW(TW), .FW(FW), .RW(RW), .INIT(INIT)) u_agent (
    .clk_i(clk_i), .rst_ni(rst_ni), .cfg_valid_i(cfg_valid_i), .alpha_i(alpha_i), .gamma_i(gamma_i),
    .eps_i(eps_i), .seed_valid_i(seed_valid_i), .seed_i(seed_i), .restart_i(restart_i), .issue_i(issue_valid_i), .dec_valid_i(dec_valid_i),
    .dec_sched_i(dec_sched_i), .state_i(state_i), .ready_i(ready), .action_o(action_o),
    .explore_o(explore_o), .theta_o(theta_o), .last_action_o(last_action_o), .last_valid_o(last_valid_o),
    .lfsr_o(lfsr_o));

  rlws_warp_select #(.W(W), .S(S), .P(P), .C(4), .KW(KW)) u_select (
    .clk_i(clk_i), .rst_ni(rst_ni), .restart_i(restart_i), .tick_i(tick_i), .issue_valid_i(issue_valid_i),
    .issue_warp_i(issue_warp_i), .exit_valid_i(exit_valid_i), .exit_warp_i(exit_warp_i), .sched_i(dec_sched_i), .action_i(action_o), .mine_i(mine_i),
    .can_issue_i(can_issue_i), .class_bits_i(class_bits_i), .age_i(age_i), .skip_i(skip_i), .ready_o(ready), .pick_valid_o(pick_valid_o),
    .pick_o(pick_o), .last_warp_o(last_warp_o), .recent_o(recent_o));

endmodule
