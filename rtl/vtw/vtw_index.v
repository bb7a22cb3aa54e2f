// VTW index unit of one SM (seed 004 Sec. 4.2.1; golden model: the rules in
// sc_model/func/virtual_tb.cc, docs/vtw.md): per TB slot the virtual-to-
// logical map (the logical TB index its warps take next, XW bits: the
// paper's 4 bytes) and the pending count (warps still to take it: the
// paper's 1 byte), and the skew check. A warp whose next instruction is
// nexttbid is held (hold_o per scheduler: 0 go, 1 skew, 2 index) when it is
// an iteration ahead of a sibling (skew: never two apart), or when the
// index of its next iteration has not been granted (pending count 0). The
// first such warp of a TB raises a request to the GPU-wide counter
// (vtw_tb_counter, outside the SM, counted once per GPU); its grant loads
// the map and sets the pending count to the TB's live warps. Each warp
// taking the index (enter_valid_i) reads it at idx_o and counts down.
// A launch clears the TB's slot; one request leaves per cycle, the lowest
// TB slot first, and req_q keeps a TB from asking twice.
module vtw_index #(
  parameter integer T    = 8,
  parameter integer S    = 2,
  parameter integer NW   = 8,
  parameter integer XW   = 32,          // logical TB index width
  parameter integer TIDW = $clog2(T)
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire                  launch_valid_i,
  input  wire [TIDW-1:0]       launch_tb_i,
  // Per scheduler: the warp considered for issue, whose head is nexttbid.
  input  wire [S-1:0]          q_valid_i,
  input  wire [S*TIDW-1:0]     q_tb_i,
  input  wire [S-1:0]          q_ahead_i,
  output reg  [S*2-1:0]        hold_o,
  // Per scheduler: the issued nexttbid and the index it reads.
  input  wire [S-1:0]          enter_valid_i,
  input  wire [S*TIDW-1:0]     iss_tb_i,
  output reg  [S*XW-1:0]       idx_o,
  // To and from the GPU-wide counter.
  output reg                   req_valid_o,
  output reg  [TIDW-1:0]       req_tb_o,
  input  wire                  grant_valid_i,
  input  wire [TIDW-1:0]       grant_tb_i,
  input  wire [XW-1:0]         grant_index_i,
  input  wire [T*NW-1:0]       live_i,      // per TB: warps not exited
  output reg  [T*XW-1:0]       map_o,
  output reg  [T*NW-1:0]       pend_o
);
  localparam [1:0] GO = 2'd0, SKEW = 2'd1, WAIT_INDEX = 2'd2;

  reg [XW-1:0] map_q  [0:T-1];
  reg [XW-1:0] map_d  [0:T-1];
  reg [NW-1:0] pend_q [0:T-1];
  reg [NW-1:0] pend_d [0:T-1];
  reg [T-1:0]  req_q, req_d;

  integer s, t, ft, ot;
  reg [TIDW-1:0] qt, et;
  reg [T-1:0]    want;

  // The skew check and who needs an index (start-of-cycle state).
  always @* begin
    want = {T{1'b0}};
    for (s = 0; s < S; s = s + 1) begin
      qt = q_tb_i[s*TIDW +: TIDW];
      hold_o[s*2 +: 2] = GO;
      if (q_valid_i[s]) begin
        if (q_ahead_i[s])                         hold_o[s*2 +: 2] = SKEW;
        else if (pend_q[qt] == {NW{1'b0}}) begin
          hold_o[s*2 +: 2] = WAIT_INDEX;
          want[qt] = !req_q[qt];
        end
      end
      idx_o[s*XW +: XW] = map_q[iss_tb_i[s*TIDW +: TIDW]];
    end
    req_valid_o = |want;
    req_tb_o    = {TIDW{1'b0}};
    for (t = T - 1; t >= 0; t = t - 1) if (want[t]) req_tb_o = t[TIDW-1:0];
  end

  // Next state: launch, grant, then this cycle's entries.
  always @* begin
    for (t = 0; t < T; t = t + 1) begin
      map_d[t]  = map_q[t];
      pend_d[t] = pend_q[t];
    end
    req_d = req_q;
    if (req_valid_o) req_d[req_tb_o] = 1'b1;
    if (grant_valid_i) begin
      map_d[grant_tb_i]  = grant_index_i;
      pend_d[grant_tb_i] = live_i[grant_tb_i*NW +: NW];
      req_d[grant_tb_i]  = 1'b0;
    end
    if (launch_valid_i) begin
      pend_d[launch_tb_i] = {NW{1'b0}};
      req_d[launch_tb_i]  = 1'b0;
    end
    for (s = 0; s < S; s = s + 1) begin
      et = iss_tb_i[s*TIDW +: TIDW];
      if (enter_valid_i[s]) pend_d[et] = pend_d[et] - 1'b1;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (ft = 0; ft < T; ft = ft + 1) begin
        map_q[ft]  <= {XW{1'b0}};
        pend_q[ft] <= {NW{1'b0}};
      end
      req_q <= {T{1'b0}};
    end else begin
      for (ft = 0; ft < T; ft = ft + 1) begin
        map_q[ft]  <= map_d[ft];
        pend_q[ft] <= pend_d[ft];
      end
      req_q <= req_d;
    end
  end

  always @* begin
    for (ot = 0; ot < T; ot = ot + 1) begin
      map_o[ot*XW +: XW]  = map_q[ot];
      pend_o[ot*NW +: NW] = pend_q[ot];
    end
  end
endmodule
