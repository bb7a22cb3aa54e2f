// Combinational priority select: of the N entries whose valid_i bit is set,
// the one with the smallest key_i (unsigned), ties to the lower index. A
// binary tree of N-1 comparators, ceil(log2 N) levels deep, held as a heap
// (node n compares its children 2n and 2n+1; leaves from L = 2^IW up, the
// ones past N never valid), so the answer is ready in the cycle its inputs
// are. A parent packs its whole ordering rule into the key, most
// significant field first (fields that sort larger-first inverted), and
// gets the rule's first entry with no sort. valid_o is low when no entry
// is valid (idx_o is then 0). N >= 2.
module argmin_tree #(
  parameter integer N  = 24,
  parameter integer KW = 32,
  parameter integer IW = $clog2(N)
) (
  input  wire [N*KW-1:0] key_i,
  input  wire [N-1:0]    valid_i,
  output wire            valid_o,
  output wire [IW-1:0]   idx_o
);
  localparam integer L = 1 << IW;

  reg [KW-1:0] k [1:2*L-1];
  reg          v [1:2*L-1];
  reg [IW-1:0] x [1:2*L-1];
  reg          right;
  integer      n;

  always @* begin
    for (n = 0; n < L; n = n + 1) begin
      k[L + n] = {KW{1'b0}};
      v[L + n] = 1'b0;
      x[L + n] = n[IW-1:0];
      if (n < N) begin
        k[L + n] = key_i[n*KW +: KW];
        v[L + n] = valid_i[n];
      end
    end
    // Right wins only on a strictly smaller key: ties keep the lower index.
    for (n = L - 1; n >= 1; n = n - 1) begin
      right = v[2*n + 1] && (!v[2*n] || (k[2*n + 1] < k[2*n]));
      k[n]  = right ? k[2*n + 1] : k[2*n];
      v[n]  = v[2*n] || v[2*n + 1];
      x[n]  = right ? x[2*n + 1] : x[2*n];
    end
  end

  assign valid_o = v[1];
  assign idx_o   = v[1] ? x[1] : {IW{1'b0}};
endmodule
