// Simulation-only shell around vtw_sched for the co-simulation adapter
// (tb/cosim/rtl_vtw_policy.cc); not hardware, not costed. It has
// vtw_sched's ports and registers cand_i on the rising edge, so every read
// of the pick is an edge: the candidates the edge latches and the state it
// writes then settle together.
//
// Why: Verilator 5.006 runs all logic fed by top-level inputs at every
// eval() (the "ico" region), and again after an edge for the logic fed by
// flip-flops ("nba"). Wired straight to cand_i, both schedulers' pick trees
// (the group and the warp argmin_tree) ran twice at each edge, the first
// time on the state the edge then replaced. Fed from a flip-flop, they run
// once, after the edge; the ico region keeps the next-state logic of the
// events. The adapter takes an edge for every pick, one that changes
// nothing else when it carries no event (RtlVtwPolicy::candidate_edge).
module vtw_cosim_top #(
  parameter integer W       = 48,
  parameter integer T       = 8,
  parameter integer S       = 2,
  parameter integer PW      = 32,
  parameter integer NW      = 8,
  parameter integer IDW     = 16,
  parameter integer IW      = 32,
  parameter integer WIDW    = $clog2(W),
  parameter integer TIDW    = $clog2(T)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                finish_valid_i,
  input  wire [TIDW-1:0]     finish_tb_i,
  input  wire                launch_valid_i,
  input  wire [TIDW-1:0]     launch_tb_i,
  input  wire [IDW-1:0]      launch_id_i,
  input  wire [WIDW-1:0]     launch_first_i,
  input  wire [WIDW:0]       launch_nwarps_i,
  input  wire [T-1:0]        exhausted_i,    // registered inside vtw_sched
  input  wire [S-1:0]        iss_valid_i,
  input  wire [S*WIDW-1:0]   iss_warp_i,
  input  wire [S*TIDW-1:0]   iss_tb_i,
  input  wire [S*6-1:0]      iss_active_i,
  input  wire [S-1:0]        arr_valid_i,
  input  wire [S-1:0]        rel_valid_i,
  input  wire [S*NW-1:0]     rel_cnt_i,
  input  wire [S-1:0]        exit_valid_i,
  input  wire [S-1:0]        enter_valid_i,
  input  wire [W-1:0]        cand_i,         // latched here at the edge
  output wire [W*PW-1:0]     warp_prog_o,
  output wire [T*PW-1:0]     tb_prog_o,
  output wire [T*NW-1:0]     nbar_o,
  output wire [T*NW-1:0]     nfin_o,
  output wire [T*NW-1:0]     nahead_o,
  output wire [W-1:0]        ahead_o,
  output wire [W*IW-1:0]     witer_o,
  output wire [T*IW-1:0]     titer_o,
  output wire [S-1:0]        pick_valid_o,
  output wire [S*WIDW-1:0]   pick_o,
  output wire [W-1:0]        wvalid_o,
  output wire [W*TIDW-1:0]   wtb_o,
  output wire [T*(WIDW+1)-1:0] nwarps_o
);
  // cand_i as of the last edge. No reset: the adapter reads the pick only
  // after an edge has loaded it.
  reg [W-1:0] cand_q;
  always @(posedge clk_i) cand_q <= cand_i;

  vtw_sched #(.W(W), .T(T), .S(S), .PW(PW), .NW(NW), .IDW(IDW), .IW(IW)) u_sched (
    .clk_i, .rst_ni, .finish_valid_i, .finish_tb_i, .launch_valid_i, .launch_tb_i, .launch_id_i,
    .launch_first_i, .launch_nwarps_i, .exhausted_i, .iss_valid_i, .iss_warp_i, .iss_tb_i, .iss_active_i,
    .arr_valid_i, .rel_valid_i, .rel_cnt_i, .exit_valid_i, .enter_valid_i, .cand_i(cand_q),
    .warp_prog_o, .tb_prog_o, .nbar_o, .nfin_o, .nahead_o, .ahead_o, .witer_o, .titer_o,
    .pick_valid_o, .pick_o, .wvalid_o, .wtb_o, .nwarps_o);
endmodule
