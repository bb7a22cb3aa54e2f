// Which warp slots each TB slot owns (combinational): bit w of
// members_o[t*W +: W] is set when warp slot w is valid and lies in TB slot
// t's range [first_t, first_t + warps_t): a TB's warps are one consecutive
// range of slots (WarpTable::place takes one free range), so each TB's mask
// is the slots from first_t up minus those from first_t + warps_t up: T pairs
// of W-bit thermometer decoders. The selectors then work on W-bit warp masks
// instead of comparing every warp's TB slot with every TB slot. (Until
// 2026-11-29 the masks decoded every warp's TB slot, a W x T decode; both
// give the same masks while the ranges hold, and the Verilated model of the
// ranges is a few word operations per TB instead of W x TW bit moves.)
module baws_tb_members #(
  parameter integer W  = 48,
  parameter integer T  = 8,
  parameter integer WW = (W > 1) ? $clog2(W) : 1, // derived: warp index width
  parameter integer RW = $clog2(W + 1)            // derived: warp count width
) (
  input  wire [W-1:0]    warp_valid_i,
  input  wire [T*WW-1:0] tb_first_i,  // TB slot t's first warp slot ...
  input  wire [T*RW-1:0] tb_warps_i,  // ... and how many warps it has (0: free slot)
  output reg  [T*W-1:0]  members_o
);

  localparam [W-1:0] ALL = {W{1'b1}};

  reg [RW:0] fin;  // first_t + warps_t; shifts by W or more give 0

  integer t;
  always @* begin
    for (t = 0; t < T; t = t + 1) begin
      fin = (RW+1)'(tb_first_i[t*WW +: WW]) + (RW+1)'(tb_warps_i[t*RW +: RW]);
      members_o[t*W +: W] = warp_valid_i & (ALL << tb_first_i[t*WW +: WW]) & ~(ALL << fin);
    end
  end

endmodule
