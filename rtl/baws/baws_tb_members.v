// Which warp slots each TB slot owns (combinational): bit w of
// members_o[t*W +: W] is set when warp slot w is valid and belongs to TB
// slot t. The W x T decode is built a TB-slot bit at a time: plane b holds
// bit b of every warp's TB slot, so TB t's members are the valid warps
// whose planes all match t's bits (T AND-terms of TW W-bit words). The
// selectors then work on W-bit warp masks instead of comparing every warp's
// TB slot with every TB slot (a Verilated model of the masks also runs far
// faster: a few word operations in place of W x T comparisons).
module baws_tb_members #(
  parameter integer W  = 48,
  parameter integer T  = 8,
  parameter integer TW = (T > 1) ? $clog2(T) : 1  // derived: TB slot index width
) (
  input  wire [W-1:0]    warp_valid_i,
  input  wire [W*TW-1:0] warp_tb_i,   // TB slot of warp w in [w*TW +: TW]
  output reg  [T*W-1:0]  members_o
);

  reg [W-1:0] plane [0:TW-1];
  reg [W-1:0] m;

  integer w, b, t;
  always @* begin
    for (b = 0; b < TW; b = b + 1)
      for (w = 0; w < W; w = w + 1)
        plane[b][w] = warp_tb_i[w*TW + b];
    for (t = 0; t < T; t = t + 1) begin
      m = warp_valid_i;
      for (b = 0; b < TW; b = b + 1)
        m = m & ((((t >> b) & 1) != 0) ? plane[b] : ~plane[b]);
      members_o[t*W +: W] = m;
    end
  end

endmodule
