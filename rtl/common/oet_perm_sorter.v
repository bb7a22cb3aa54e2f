// A permutation of N entries sorted in place by odd-even transposition with
// ONE compare-and-swap unit (PRO's sorter structure, seed 000 Sec. III.C,
// without its keys): N rounds, round r compares the pairs at positions
// (i, i+1), i = r mod 2, r mod 2 + 2, ...; one pair per cycle, so a pass
// takes N*(N-1)/2 cycles and ends sorted whatever order it starts from. The
// parent owns the keys: it reads the two entries at a_o and b_o and answers
// b_first_i (b must come before a) in the same cycle. A pass starts on
// start_i while idle; the register keeps the last result, so issue reads
// perm_o at any time.
module oet_perm_sorter #(
  parameter integer N  = 8,
  parameter integer IW = $clog2(N)
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire            start_i,
  input  wire            b_first_i,
  output wire [IW-1:0]   a_o,       // entry at position i of the pair compared now
  output wire [IW-1:0]   b_o,       // entry at position i + 1
  output reg  [N*IW-1:0] perm_o,    // position p -> entry
  output wire            busy_o     // a pass is running (start_i is ignored then)
);
  localparam integer NM1 = N - 1;
  localparam [IW:0]   LAST_I = NM1[IW:0];   // pair (i, i+1) exists while i < N-1
  localparam [IW-1:0] LAST_R = NM1[IW-1:0];

  reg [IW-1:0] perm_q [0:N-1];
  reg [IW-1:0] perm_d [0:N-1];
  reg          busy_q, busy_d;
  reg [IW-1:0] round_q, round_d;
  reg [IW-1:0] i_q, i_d;

  integer p, fp, op;  // one loop variable per always block
  reg          act, wrap;
  reg [IW-1:0] cur_i, cur_round;
  reg [IW:0]   ni;

  always @* begin
    act       = busy_q | start_i;
    cur_i     = busy_q ? i_q : {IW{1'b0}};
    cur_round = busy_q ? round_q : {IW{1'b0}};
    for (p = 0; p < N; p = p + 1) perm_d[p] = perm_q[p];
    if (act && b_first_i) begin
      perm_d[cur_i]        = perm_q[cur_i + 1'b1];
      perm_d[cur_i + 1'b1] = perm_q[cur_i];
    end
    ni      = {1'b0, cur_i} + {{(IW-1){1'b0}}, 2'd2};
    wrap    = (ni >= LAST_I);
    busy_d  = act && !(wrap && (cur_round == LAST_R));
    round_d = act ? (wrap ? cur_round + 1'b1 : cur_round) : round_q;
    i_d     = act ? (wrap ? {{(IW-1){1'b0}}, round_d[0]} : ni[IW-1:0]) : i_q;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (fp = 0; fp < N; fp = fp + 1) perm_q[fp] <= fp[IW-1:0];
      busy_q  <= 1'b0;
      round_q <= {IW{1'b0}};
      i_q     <= {IW{1'b0}};
    end else begin
      for (fp = 0; fp < N; fp = fp + 1) perm_q[fp] <= perm_d[fp];
      busy_q  <= busy_d;
      round_q <= round_d;
      i_q     <= i_d;
    end
  end

  always @* begin
    for (op = 0; op < N; op = op + 1) perm_o[op*IW +: IW] = perm_q[op];
  end

  wire [IW-1:0] pos_i = busy_q ? i_q : {IW{1'b0}};
  assign a_o    = perm_q[pos_i];
  assign b_o    = perm_q[pos_i + 1'b1];
  assign busy_o = busy_q;
endmodule
