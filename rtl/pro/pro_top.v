// PRO hardware for one SM (seed 000 Sec. III.E): progress counters, per-TB
// barrier/finish counters, the Fig. 3 TB state machine, the one-comparator
// TB sorter with its order registers and the one-comparator per-TB warp
// sorter with its warp permutation. Every piece of state is readable at an
// output so that a cost flow counts it (synthesis deletes state nothing
// reads).
// Edge semantics: inputs are valid for one clock edge and applied at it, in
// this order: TB finish, TB launch, phase change, then per scheduler 0..S-1
// the issued instruction (progress), its barrier arrival, barrier release
// and warp exit. tick_i = 1 marks an edge that ends an SM cycle (the
// THRESHOLD counter counts those); tick_i = 0 edges lie within one SM cycle:
// they apply whatever events they carry (none, to let sorts run) and advance
// the sorters, and the periodic sort cannot fall due on them. One edge per SM
// cycle with tick_i = 1 is the plain clocking. done_o high: neither sorter
// is running or has a request, so order_o and warp_order_o are final for
// the keys the counters now hold.
module pro_top #(
  parameter integer W    = 48,
  parameter integer T    = 8,
  parameter integer S    = 2,
  parameter integer PW   = 32,
  parameter integer NW   = 8,
  parameter integer IDW  = 16,
  parameter integer THW  = 16,
  parameter integer WIDW = $clog2(W),
  parameter integer TIDW = $clog2(T)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                tick_i,
  input  wire [THW-1:0]      threshold_i,
  input  wire                tbs_waiting_i,
  input  wire                phase_change_i,
  input  wire                finish_valid_i,
  input  wire [TIDW-1:0]     finish_tb_i,
  input  wire                launch_valid_i,
  input  wire [TIDW-1:0]     launch_tb_i,
  input  wire [IDW-1:0]      launch_id_i,
  input  wire [WIDW-1:0]     launch_first_i,
  input  wire [WIDW:0]       launch_nwarps_i,
  input  wire [S-1:0]        iss_valid_i,
  input  wire [S*WIDW-1:0]   iss_warp_i,
  input  wire [S*TIDW-1:0]   iss_tb_i,
  input  wire [S*6-1:0]      iss_active_i,
  input  wire [S-1:0]        arr_valid_i,
  input  wire [S-1:0]        rel_valid_i,
  input  wire [S*NW-1:0]     rel_cnt_i,
  input  wire [S-1:0]        exit_valid_i,
  output wire [W*PW-1:0]     warp_prog_o,
  output wire [T*PW-1:0]     tb_prog_o,
  output wire [T*NW-1:0]     nbar_o,
  output wire [T*NW-1:0]     nfin_o,
  output wire [T*(WIDW+1)-1:0] nwarps_o,
  output wire [T*3-1:0]      state_o,
  output wire                slow_o,
  output wire [T*TIDW-1:0]   order_o,
  output wire [T-1:0]        order_valid_o,
  output wire [W*WIDW-1:0]   warp_order_o,  // position p -> warp slot
  output wire [T*WIDW-1:0]   tb_first_o,    // TB slot -> first position of its warps
  output wire                busy_o,        // a TB or warp sort is running
  output wire                done_o         // no sort running, requested or pending
);
  wire [S-1:0] rel_clear, exit_first, exit_last, arr_sort;
  wire         resort, tb_busy, tb_done, w_busy, w_done;

  pro_progress #(.W(W), .T(T), .S(S), .PW(PW), .WIDW(WIDW), .TIDW(TIDW)) u_progress (
    .clk_i, .rst_ni, .iss_valid_i, .iss_warp_i, .iss_tb_i, .iss_active_i,
    .launch_valid_i, .launch_tb_i, .launch_first_i, .launch_nwarps_i,
    .warp_prog_o, .tb_prog_o);

  pro_tb_counters #(.W(W), .T(T), .S(S), .NW(NW), .WIDW(WIDW), .TIDW(TIDW)) u_counters (
    .clk_i, .rst_ni, .launch_valid_i, .launch_tb_i, .launch_nwarps_i,
    .iss_tb_i, .arr_valid_i, .rel_valid_i, .rel_cnt_i, .exit_valid_i,
    .rel_clear_o(rel_clear), .exit_first_o(exit_first), .exit_last_o(exit_last),
    .nbar_o, .nfin_o, .nwarps_o);

  pro_tb_fsm #(.T(T), .S(S), .TIDW(TIDW)) u_fsm (
    .clk_i, .rst_ni, .finish_valid_i, .finish_tb_i, .launch_valid_i, .launch_tb_i,
    .tbs_waiting_i, .phase_change_i, .iss_tb_i, .arr_valid_i, .rel_valid_i,
    .rel_clear_i(rel_clear), .exit_valid_i, .exit_first_i(exit_first),
    .exit_last_i(exit_last), .arr_sort_o(arr_sort), .state_o, .slow_o);

  pro_sorter #(.T(T), .PW(PW), .NW(NW), .IDW(IDW), .THW(THW), .TIDW(TIDW)) u_sorter (
    .clk_i, .rst_ni, .tick_i, .threshold_i, .state_i(state_o), .slow_i(slow_o), .tbs_waiting_i,
    .tb_prog_i(tb_prog_o), .nbar_i(nbar_o), .nfin_i(nfin_o),
    .launch_valid_i, .launch_tb_i, .launch_id_i, .finish_valid_i, .finish_tb_i,
    .phase_change_i, .fin_sort_i(|exit_valid_i), .bar_sort_i(|arr_valid_i),
    .order_o, .order_valid_o, .resort_o(resort), .busy_o(tb_busy), .done_o(tb_done));

  pro_warp_sorter #(.W(W), .T(T), .S(S), .PW(PW), .WIDW(WIDW), .TIDW(TIDW)) u_warp_sorter (
    .clk_i, .rst_ni, .state_i(state_o), .slow_i(slow_o), .warp_prog_i(warp_prog_o),
    .nwarps_i(nwarps_o), .launch_valid_i, .launch_tb_i, .launch_first_i, .launch_nwarps_i,
    .finish_valid_i, .finish_tb_i, .iss_tb_i, .arr_sort_i(arr_sort), .exit_first_i(exit_first),
    .resort_i(resort), .warp_order_o, .tb_first_o, .busy_o(w_busy), .done_o(w_done));

  assign busy_o = tb_busy || w_busy;
  assign done_o = tb_done && w_done;
endmodule
