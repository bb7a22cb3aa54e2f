// VTW's GPU-wide logical TB counter, nextLogTbId (seed 004 Sec. 4.2.1;
// golden model sc_model/gpu/logical_tb_counter.*): the one piece of index
// state outside the SMs, XW bits per GPU (the paper counts its 4 bytes in
// every SM's 44). Requests of a cycle from the M SMs (one each) are granted
// at the next edge in SM order, as LogicalTbCounter numbers one cycle's
// requests at latency 1: request k of the cycle gets next + k, or the bound
// once every index is out. start_i (a kernel launch) resets it to 0 with the
// kernel's number of logical TBs; exhausted_o: the last index is out (VTW's
// slow phase).
module vtw_tb_counter #(
  parameter integer M    = 15,          // SMs
  parameter integer T    = 8,
  parameter integer XW   = 32,
  parameter integer TIDW = $clog2(T)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                start_i,
  input  wire [XW-1:0]       bound_i,
  input  wire [M-1:0]        req_valid_i,
  input  wire [M*TIDW-1:0]   req_tb_i,
  output reg  [M-1:0]        grant_valid_o,
  output reg  [M*TIDW-1:0]   grant_tb_o,
  output reg  [M*XW-1:0]     grant_index_o,
  output wire                exhausted_o
);
  reg [XW-1:0] next_q, next_d;
  reg [XW-1:0] bound_q, bound_d;
  reg [M-1:0]  gv_d;
  reg [M*XW-1:0] gi_d;

  integer m;
  always @* begin
    next_d  = next_q;
    bound_d = bound_q;
    if (start_i) begin
      next_d  = {XW{1'b0}};
      bound_d = bound_i;
    end
    gv_d = req_valid_i;
    gi_d = {(M*XW){1'b0}};
    for (m = 0; m < M; m = m + 1) begin
      gi_d[m*XW +: XW] = (next_d < bound_d) ? next_d : bound_d;
      if (req_valid_i[m] && (next_d < bound_d)) next_d = next_d + 1'b1;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      next_q        <= {XW{1'b0}};
      bound_q       <= {XW{1'b0}};
      grant_valid_o <= {M{1'b0}};
      grant_tb_o    <= {(M*TIDW){1'b0}};
      grant_index_o <= {(M*XW){1'b0}};
    end else begin
      next_q        <= next_d;
      bound_q       <= bound_d;
      grant_valid_o <= gv_d;
      grant_tb_o    <= req_tb_i;
      grant_index_o <= gi_d;
    end
  end

  assign exhausted_o = (next_q >= bound_q);
endmodule
