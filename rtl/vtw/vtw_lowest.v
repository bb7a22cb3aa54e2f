// VTW's LowestToHighestLane thread-index hardware of one SM (seed 004 Sec.
// 4.2.2, +1 byte in the paper; golden model ExecContext::next_tid in
// sc_model/func/virtual_tb.cc): the k-th warp to enter the next iteration
// takes logical warp slot k, in the first iteration each keeps its own.
// Nothing to sort: the entry rank vtw_lane_slots counts is the slot.
module vtw_lowest #(
  parameter integer W    = 48,
  parameter integer T    = 8,
  parameter integer S    = 2,
  parameter integer WIDW = $clog2(W),
  parameter integer TIDW = $clog2(T)
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire                  launch_valid_i,
  input  wire [TIDW-1:0]       launch_tb_i,
  input  wire [WIDW-1:0]       launch_first_i,
  input  wire [WIDW:0]         launch_nwarps_i,
  input  wire                  grant_valid_i,
  input  wire [TIDW-1:0]       grant_tb_i,
  input  wire [S*WIDW-1:0]     iss_warp_i,
  input  wire [S*TIDW-1:0]     iss_tb_i,
  input  wire [S-1:0]          enter_valid_i,
  output wire [S*WIDW-1:0]     slot_o,      // the entering warp's logical slot
  output wire [W*WIDW-1:0]     lslot_o      // every warp's logical slot now
);
  wire [S*WIDW-1:0] rank;
  // The TBs' slot ranges matter only to a mode with a list.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [T*WIDW-1:0]     first;
  wire [T*(WIDW+1)-1:0] n;
  /* verilator lint_on UNUSEDSIGNAL */

  vtw_lane_slots #(.W(W), .T(T), .S(S), .WIDW(WIDW), .TIDW(TIDW)) u_slots (
    .clk_i, .rst_ni, .launch_valid_i, .launch_tb_i, .launch_first_i, .launch_nwarps_i, .grant_valid_i,
    .grant_tb_i, .iss_warp_i, .iss_tb_i, .enter_valid_i, .rank_o(rank), .listed_i(rank), .slot_o, .lslot_o,
    .first_o(first), .n_o(n));
endmodule
