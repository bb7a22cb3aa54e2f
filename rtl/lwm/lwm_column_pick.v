// One lane column of the sub-warp former (seed 002 Sec. 3.1): of the K rows
// whose thread in this column is still to be packed and not pending, the
// lowest (SubwarpFormer::next's "lowest row first"). A K-input priority
// encoder; the former has one per lane column, so a sub-warp is formed in
// one cycle.
module lwm_column_pick #(
  parameter integer K  = 8,                       // rows of a large warp
  parameter integer RW = (K > 1) ? $clog2(K) : 1  // derived: row index width, do not override
) (
  input  wire [K-1:0]  candidate_i,  // row r's thread may go in this sub-warp
  output reg           valid_o,      // some row may
  output reg  [RW-1:0] row_o,        // the lowest such row (0 when none)
  output wire [K-1:0]  onehot_o      // that row, one-hot (0 when none)
);

  integer r;
  always @* begin
    valid_o = 1'b0;
    row_o   = {RW{1'b0}};
    // Descending, so the lowest candidate is written last and wins.
    for (r = K - 1; r >= 0; r = r - 1) begin
      if (candidate_i[r]) begin
        valid_o = 1'b1;
        row_o   = r[RW-1:0];
      end
    end
  end

  // Isolate the lowest set bit: x & -x.
  assign onehot_o = candidate_i & (~candidate_i + 1'b1);

endmodule
