// MWF's TB order as a T x T precedence matrix (combinational): TB u goes
// before TB t when it has more warps waiting at the barrier, or as many and
// a smaller TB id (the TB's linear grid index), or both equal and a smaller
// first warp slot (TbRankedOrder's last tie rule, "TBs left equal go by their
// lowest warp slot"; a TB's warp slots are one consecutive range, so the
// first slot of the TB orders TBs exactly as the lowest slot of one
// scheduler's share does). The result is a strict total order over TB slots
// with distinct first slots. Cost: T*(T-1)/2 comparators of CW+IDW+WW bits
// (28 x 6+IDW+6 at T=8); before(t,u) is the complement of before(u,t).
// Validity is the users' business: they only compare TBs that own warps.
module baws_tb_order #(
  parameter integer W   = 48,
  parameter integer T   = 8,
  parameter integer CW  = 6,
  parameter integer IDW = 16,                     // TB id width
  parameter integer WW  = (W > 1) ? $clog2(W) : 1 // derived: warp index width
) (
  input  wire [T*CW-1:0]  count_i,   // WPT counter of TB slot t in [t*CW +: CW]
  input  wire [T*IDW-1:0] id_i,      // TB id of TB slot t
  input  wire [T*WW-1:0]  first_i,   // first warp slot of TB slot t
  output reg  [T*T-1:0]   before_o   // bit u*T+t: TB slot u goes before TB slot t
);

  reg [CW-1:0]  cu, ct;
  reg [IDW-1:0] iu, it;
  reg [WW-1:0]  fu, ft;
  reg           b;

  integer u, t;
  always @* begin
    before_o = {T*T{1'b0}};
    cu = {CW{1'b0}};  ct = {CW{1'b0}};
    iu = {IDW{1'b0}}; it = {IDW{1'b0}};
    fu = {WW{1'b0}};  ft = {WW{1'b0}};
    b  = 1'b0;
    for (u = 0; u < T; u = u + 1) begin
      for (t = u + 1; t < T; t = t + 1) begin
        cu = count_i[u*CW +: CW];  ct = count_i[t*CW +: CW];
        iu = id_i[u*IDW +: IDW];   it = id_i[t*IDW +: IDW];
        fu = first_i[u*WW +: WW];  ft = first_i[t*WW +: WW];
        b = (cu > ct) || (cu == ct && (iu < it || (iu == it && fu < ft)));
        before_o[u*T+t] = b;
        before_o[t*T+u] = !b;
      end
    end
  end

endmodule
