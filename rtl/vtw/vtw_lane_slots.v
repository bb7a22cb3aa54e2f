// The logical warp slots of VTW's lane modes for one SM (seed 004 Sec.
// 4.2.2; golden model ExecContext::next_tb_id / next_tid in
// sc_model/func/virtual_tb.cc): per warp the slot it holds in its logical
// TB (ls_q), and per TB its warp slots (first_q, n_q), the warps that
// entered the next iteration since the last grant (ent_q) and whether a
// first and a later index were granted (g1_q, g2_q). In the first
// iteration each warp keeps its own slot (they start together); later the
// k-th warp to enter (rank_o) takes the slot the lane mode gives rank k
// (listed_i, from the parent: LowestToHighestLane k itself, SlowestLane its
// sorted list). Two warps of one TB entering at one edge take consecutive
// ranks in port order.
module vtw_lane_slots #(
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
  output reg  [S*WIDW-1:0]     rank_o,      // the entering warp's rank in its TB since the grant
  input  wire [S*WIDW-1:0]     listed_i,    // the slot the lane mode gives that rank
  output reg  [S*WIDW-1:0]     slot_o,      // the entering warp's logical slot
  output reg  [W*WIDW-1:0]     lslot_o,     // every warp's logical slot now
  output reg  [T*WIDW-1:0]     first_o,
  output reg  [T*(WIDW+1)-1:0] n_o
);
  reg [WIDW-1:0] ls_q    [0:W-1];
  reg [WIDW-1:0] ls_d    [0:W-1];
  reg [WIDW-1:0] first_q [0:T-1];
  reg [WIDW-1:0] first_d [0:T-1];
  reg [WIDW:0]   n_q     [0:T-1];
  reg [WIDW:0]   n_d     [0:T-1];
  reg [WIDW-1:0] ent_q   [0:T-1];   // ranks below W: the W-th entry needs none
  reg [WIDW-1:0] ent_d   [0:T-1];
  reg [T-1:0]    g1_q, g1_d;
  reg [T-1:0]    g2_q, g2_d;

  integer w, t, s, fw, ft, o;
  reg [WIDW:0]   wi, first_ext, end_ext;
  reg [WIDW-1:0] ws;
  reg [TIDW-1:0] tb, tr;

  // Per TB: launch, grant, and the entries of this edge in port order
  // (each port's rank is the count before it). Kept apart from the slots
  // below, which read listed_i: the parent derives it from rank_o.
  always @* begin
    tr = {TIDW{1'b0}};
    rank_o = {(S*WIDW){1'b0}};
    for (t = 0; t < T; t = t + 1) begin
      first_d[t] = first_q[t];
      n_d[t]     = n_q[t];
      ent_d[t]   = ent_q[t];
    end
    g1_d = g1_q;
    g2_d = g2_q;
    if (grant_valid_i) begin
      g2_d[grant_tb_i]  = g1_q[grant_tb_i];
      g1_d[grant_tb_i]  = 1'b1;
      ent_d[grant_tb_i] = {WIDW{1'b0}};
    end
    if (launch_valid_i) begin
      first_d[launch_tb_i] = launch_first_i;
      n_d[launch_tb_i]     = launch_nwarps_i;
      ent_d[launch_tb_i]   = {WIDW{1'b0}};
      g1_d[launch_tb_i]    = 1'b0;
      g2_d[launch_tb_i]    = 1'b0;
    end
    for (s = 0; s < S; s = s + 1) begin
      tr = iss_tb_i[s*TIDW +: TIDW];
      rank_o[s*WIDW +: WIDW] = ent_d[tr];
      if (enter_valid_i[s]) ent_d[tr] = ent_d[tr] + 1'b1;
    end
  end

  always @* begin
    wi = {(WIDW+1){1'b0}};
    ws = {WIDW{1'b0}};
    tb = {TIDW{1'b0}};
    slot_o = {(S*WIDW){1'b0}};
    for (w = 0; w < W; w = w + 1) ls_d[w] = ls_q[w];
    first_ext = {1'b0, launch_first_i};
    end_ext   = first_ext + launch_nwarps_i;
    if (launch_valid_i) begin
      for (w = 0; w < W; w = w + 1) begin
        wi = w[WIDW:0];
        if ((wi >= first_ext) && (wi < end_ext)) ls_d[w] = wi[WIDW-1:0] - launch_first_i;
      end
    end
    for (s = 0; s < S; s = s + 1) begin
      ws = iss_warp_i[s*WIDW +: WIDW];
      tb = iss_tb_i[s*TIDW +: TIDW];
      slot_o[s*WIDW +: WIDW] = g2_q[tb] ? listed_i[s*WIDW +: WIDW] : ls_q[ws];
      if (enter_valid_i[s]) ls_d[ws] = slot_o[s*WIDW +: WIDW];
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (fw = 0; fw < W; fw = fw + 1) ls_q[fw] <= {WIDW{1'b0}};
      for (ft = 0; ft < T; ft = ft + 1) begin
        first_q[ft] <= {WIDW{1'b0}};
        n_q[ft]     <= {(WIDW+1){1'b0}};
        ent_q[ft]   <= {WIDW{1'b0}};
      end
      g1_q <= {T{1'b0}};
      g2_q <= {T{1'b0}};
    end else begin
      for (fw = 0; fw < W; fw = fw + 1) ls_q[fw] <= ls_d[fw];
      for (ft = 0; ft < T; ft = ft + 1) begin
        first_q[ft] <= first_d[ft];
        n_q[ft]     <= n_d[ft];
        ent_q[ft]   <= ent_d[ft];
      end
      g1_q <= g1_d;
      g2_q <= g2_d;
    end
  end

  always @* begin
    for (o = 0; o < W; o = o + 1) lslot_o[o*WIDW +: WIDW] = ls_q[o];
    for (o = 0; o < T; o = o + 1) begin
      first_o[o*WIDW +: WIDW]   = first_q[o];
      n_o[o*(WIDW+1) +: WIDW+1] = n_q[o];
    end
  end
endmodule
