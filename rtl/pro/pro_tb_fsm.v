// PRO TB state machine (seed 000 Fig. 3, Algorithm 1), one 3-bit state per
// TB slot plus the SM's fast/slow phase bit. Encoding = enum ProTbState:
//   0 Empty, 1 NoWait, 2 BarrierWait, 3 FinishWait, 4 FinishNoWait,
//   5 BarrierWait1, 6 Finish.
// Events of one cycle are applied in this order (the testbench drives the C++
// ProPolicy in the same order): TB finish, TB launch, phase change, then per
// scheduler 0, 1, ...: barrier arrival, barrier release, warp exit of the
// instruction that scheduler issued (issue_stage.cc's per-instruction order).
// Membership of the finishWait list is state == FinishWait and of the barrier
// list state in {BarrierWait, BarrierWait1}, so the lists need no separate
// membership bits; the sorter keeps only their order.
module pro_tb_fsm #(
  parameter integer T    = 8,
  parameter integer S    = 2,
  parameter integer TIDW = $clog2(T)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                finish_valid_i,  // the SM removes the TB (on_tb_finish)
  input  wire [TIDW-1:0]     finish_tb_i,
  input  wire                launch_valid_i,  // beginExec (on_tb_launch)
  input  wire [TIDW-1:0]     launch_tb_i,
  input  wire                tbs_waiting_i,   // TBs of the kernel still wait for an SM
  input  wire                phase_change_i,  // lastTBAssignedToSM (on_phase_change)
  input  wire [S*TIDW-1:0]   iss_tb_i,
  input  wire [S-1:0]        arr_valid_i,
  input  wire [S-1:0]        rel_valid_i,
  input  wire [S-1:0]        rel_clear_i,     // from pro_tb_counters
  input  wire [S-1:0]        exit_valid_i,
  input  wire [S-1:0]        exit_first_i,
  input  wire [S-1:0]        exit_last_i,
  output reg  [S-1:0]        arr_sort_o,      // this arrival sorts the TB's warps
  output reg  [T*3-1:0]      state_o,
  output wire                slow_o
);
  localparam [2:0] EMPTY = 3'd0, NO_WAIT = 3'd1, BAR_WAIT = 3'd2, FIN_WAIT = 3'd3,
                   FIN_NO_WAIT = 3'd4, BAR_WAIT1 = 3'd5, FINISH = 3'd6;

  reg [2:0] st_q [0:T-1];
  reg [2:0] st_d [0:T-1];
  reg       slow_q, slow_d;

  integer t, s;
  integer ft, ot;   // flop / read-out loops (one loop variable per block)
  reg [TIDW-1:0] tb;

  always @* begin
    for (t = 0; t < T; t = t + 1) st_d[t] = st_q[t];
    slow_d = slow_q;
    tb = {TIDW{1'b0}};
    arr_sort_o = {S{1'b0}};
    if (finish_valid_i) st_d[finish_tb_i] = EMPTY;
    if (launch_valid_i) begin
      // A launch in the slow phase while TBs wait again is a new kernel:
      // the fast phase starts over (ProPolicy::enter_fast_phase).
      if (slow_d && tbs_waiting_i) slow_d = 1'b0;
      st_d[launch_tb_i] = slow_d ? FIN_NO_WAIT : NO_WAIT;
    end
    if (phase_change_i) begin
      slow_d = 1'b1;
      for (t = 0; t < T; t = t + 1) begin
        if (st_d[t] == NO_WAIT || st_d[t] == FIN_WAIT) st_d[t] = FIN_NO_WAIT;
        if (st_d[t] == BAR_WAIT) st_d[t] = BAR_WAIT1;
      end
    end
    for (s = 0; s < S; s = s + 1) begin
      tb = iss_tb_i[s*TIDW +: TIDW];
      // Arrival: noWait -> barrierWait, finishNoWait -> barrierWait1; a
      // finishWait TB stays (priority H already above M). ProPolicy sorts
      // the TB's warps on exactly these two transitions, judged on the
      // state this event sees (an earlier release of the same cycle may have
      // left barrierWait): hence arr_sort_o from here, not from state_o.
      if (arr_valid_i[s]) begin
        arr_sort_o[s] = (st_d[tb] == NO_WAIT) || (st_d[tb] == FIN_NO_WAIT);
        if (st_d[tb] == NO_WAIT) st_d[tb] = BAR_WAIT;
        else if (st_d[tb] == FIN_NO_WAIT) st_d[tb] = BAR_WAIT1;
      end
      // Release only when no warp of the TB still waits (named barriers).
      if (rel_valid_i[s] && rel_clear_i[s]) begin
        if (st_d[tb] == BAR_WAIT) st_d[tb] = NO_WAIT;
        else if (st_d[tb] == BAR_WAIT1) st_d[tb] = FIN_NO_WAIT;
      end
      if (exit_valid_i[s]) begin
        // First exit, fast phase: noWait / barrierWait -> finishWait.
        if (exit_first_i[s] && !slow_d && (st_d[tb] == NO_WAIT || st_d[tb] == BAR_WAIT))
          st_d[tb] = FIN_WAIT;
        if (exit_last_i[s]) st_d[tb] = FINISH;
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (ft = 0; ft < T; ft = ft + 1) st_q[ft] <= EMPTY;
      slow_q <= 1'b0;
    end else begin
      for (ft = 0; ft < T; ft = ft + 1) st_q[ft] <= st_d[ft];
      slow_q <= slow_d;
    end
  end

  always @* begin
    for (ot = 0; ot < T; ot = ot + 1) state_o[ot*3 +: 3] = st_q[ot];
  end
  assign slow_o = slow_q;
endmodule
