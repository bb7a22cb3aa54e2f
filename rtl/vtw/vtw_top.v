// VTW hardware of one SM (seed 004 Sec. 4.2-4.5): the index unit
// (vtw_index), the scheduler (vtw_sched) and the lane mode's logical warp
// slots: with SLOWEST = 1 SlowestLane's sorted lists (vtw_slowest), with
// LOWEST = 1 LowestToHighestLane's entry ranks (vtw_lowest), with neither
// SameLane (nothing). The GPU-wide logical TB counter
// (vtw_tb_counter) is outside: requests leave at req_*_o, grants come back
// at grant_*_i, and exhausted_i says per TB slot that its kernel's last
// index is out. ONE_BIT selects the iteration state (vtw_iter). Ports and
// edge semantics as vtw_sched (cand_i in, each scheduler's pick out); per
// scheduler q_* is the warp considered for issue whose head is nexttbid
// (hold_o: 0 go, 1 skew, 2 index), and an
// issued nexttbid (enter_valid_i) reads its logical TB index at idx_o and,
// with SLOWEST or LOWEST, its logical warp slot at slot_o.
module vtw_top #(
  parameter integer W       = 48,
  parameter integer T       = 8,
  parameter integer S       = 2,
  parameter integer PW      = 32,
  parameter integer NW      = 8,
  parameter integer IDW     = 16,
  parameter integer IW      = 32,
  parameter integer XW      = 32,
  parameter integer ICW     = 16,
  parameter integer ONE_BIT = 0,
  parameter integer SLOWEST = 0,
  parameter integer LOWEST  = 0,             // not with SLOWEST
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
  input  wire [T-1:0]        exhausted_i,
  input  wire [S-1:0]        iss_valid_i,
  input  wire [S*WIDW-1:0]   iss_warp_i,
  input  wire [S*TIDW-1:0]   iss_tb_i,
  input  wire [S*6-1:0]      iss_active_i,
  input  wire [S-1:0]        arr_valid_i,
  input  wire [S-1:0]        rel_valid_i,
  input  wire [S*NW-1:0]     rel_cnt_i,
  input  wire [S-1:0]        exit_valid_i,
  input  wire [S-1:0]        enter_valid_i,
  input  wire [S-1:0]        q_valid_i,
  input  wire [S*WIDW-1:0]   q_warp_i,
  input  wire [W-1:0]        cand_i,
  output wire [S*2-1:0]      hold_o,
  output wire [S*XW-1:0]     idx_o,
  output wire [S*WIDW-1:0]   slot_o,
  output wire                req_valid_o,
  output wire [TIDW-1:0]     req_tb_o,
  input  wire                grant_valid_i,
  input  wire [TIDW-1:0]     grant_tb_i,
  input  wire [XW-1:0]       grant_index_i,
  output wire [W*PW-1:0]     warp_prog_o,
  output wire [T*PW-1:0]     tb_prog_o,
  output wire [T*NW-1:0]     nbar_o,
  output wire [T*NW-1:0]     nfin_o,
  output wire [T*NW-1:0]     nahead_o,
  output wire [W-1:0]        ahead_o,
  output wire [W*IW-1:0]     witer_o,
  output wire [T*IW-1:0]     titer_o,
  output wire [T*XW-1:0]     map_o,
  output wire [T*NW-1:0]     pend_o,
  output wire [W*WIDW-1:0]   list_o,
  output wire [W*WIDW-1:0]   lslot_o,
  output wire [S-1:0]        pick_valid_o,
  output wire [S*WIDW-1:0]   pick_o,
  output wire [W-1:0]        wvalid_o,
  output wire                sorted_o
);
  wire [W*TIDW-1:0]     wtb;
  wire [T*(WIDW+1)-1:0] nwarps;
  reg  [S*TIDW-1:0]     q_tb;
  reg  [S-1:0]          q_ahead;
  reg  [T*NW-1:0]       live;
  reg  [WIDW-1:0]       qw;
  // Live warps, computed zero-extended (NW and WIDW+1 differ), kept to NW bits.
  /* verilator lint_off UNUSEDSIGNAL */
  reg  [31:0]           live32;
  /* verilator lint_on UNUSEDSIGNAL */
  integer s, t;

  vtw_sched #(.W(W), .T(T), .S(S), .PW(PW), .NW(NW), .IDW(IDW), .IW(IW), .ONE_BIT(ONE_BIT), .WIDW(WIDW),
              .TIDW(TIDW)) u_sched (
    .clk_i, .rst_ni, .finish_valid_i, .finish_tb_i, .launch_valid_i, .launch_tb_i, .launch_id_i,
    .launch_first_i, .launch_nwarps_i, .exhausted_i, .iss_valid_i, .iss_warp_i, .iss_tb_i, .iss_active_i,
    .arr_valid_i, .rel_valid_i, .rel_cnt_i, .exit_valid_i, .enter_valid_i, .cand_i, .warp_prog_o, .tb_prog_o,
    .nbar_o, .nfin_o, .nahead_o, .ahead_o, .witer_o, .titer_o, .pick_valid_o, .pick_o, .wvalid_o, .wtb_o(wtb),
    .nwarps_o(nwarps));

  // The queried warps' TB and flag; a grant loads the TB's live warp count.
  always @* begin
    qw = {WIDW{1'b0}};
    for (s = 0; s < S; s = s + 1) begin
      qw = q_warp_i[s*WIDW +: WIDW];
      q_tb[s*TIDW +: TIDW] = wtb[qw*TIDW +: TIDW];
      q_ahead[s] = ahead_o[qw];
    end
    live32 = 32'd0;
    for (t = 0; t < T; t = t + 1) begin
      live32 = {{(32-WIDW-1){1'b0}}, nwarps[t*(WIDW+1) +: (WIDW+1)]} - {{(32-NW){1'b0}}, nfin_o[t*NW +: NW]};
      live[t*NW +: NW] = live32[NW-1:0];
    end
  end

  vtw_index #(.T(T), .S(S), .NW(NW), .XW(XW), .TIDW(TIDW)) u_index (
    .clk_i, .rst_ni, .launch_valid_i, .launch_tb_i, .q_valid_i, .q_tb_i(q_tb), .q_ahead_i(q_ahead), .hold_o,
    .enter_valid_i, .iss_tb_i, .idx_o, .req_valid_o, .req_tb_o, .grant_valid_i, .grant_tb_i, .grant_index_i,
    .live_i(live), .map_o, .pend_o);

  generate
    if (SLOWEST != 0) begin : g_slowest
      vtw_slowest #(.W(W), .T(T), .S(S), .ICW(ICW), .WIDW(WIDW), .TIDW(TIDW)) u_slowest (
        .clk_i, .rst_ni, .launch_valid_i, .launch_tb_i, .launch_first_i, .launch_nwarps_i, .wtb_i(wtb),
        .wvalid_i(wvalid_o), .grant_valid_i, .grant_tb_i, .iss_valid_i, .iss_warp_i, .iss_tb_i, .enter_valid_i,
        .slot_o, .lslot_o, .list_o, .sorted_o);
    end else if (LOWEST != 0) begin : g_lowest
      vtw_lowest #(.W(W), .T(T), .S(S), .WIDW(WIDW), .TIDW(TIDW)) u_lowest (
        .clk_i, .rst_ni, .launch_valid_i, .launch_tb_i, .launch_first_i, .launch_nwarps_i, .grant_valid_i,
        .grant_tb_i, .iss_warp_i, .iss_tb_i, .enter_valid_i, .slot_o, .lslot_o);
      assign list_o   = {(W*WIDW){1'b0}};
      assign sorted_o = 1'b1;
    end else begin : g_same_lane
      // SameLane: a thread keeps its index; nothing to sort.
      assign slot_o   = {(S*WIDW){1'b0}};
      assign lslot_o  = {(W*WIDW){1'b0}};
      assign list_o   = {(W*WIDW){1'b0}};
      assign sorted_o = 1'b1;
    end
  endgenerate
endmodule
