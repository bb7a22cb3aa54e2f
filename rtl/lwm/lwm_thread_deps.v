// Seed 002's per-thread dependency bits (Sec. 3.1, 3.4): one bit per thread
// of the SM, LW large warps of K x N threads (the paper's 1024 bits). A
// thread's bit is set when a sub-warp carrying it issues and cleared when
// that sub-warp completes; the former does not pack a thread whose bit is
// set. Golden model: sm::ThreadDependencies (issue / complete / pending).
// The readiness test (any_free: some active thread's bit clear) needs the
// stack's active mask and is left to the warp table.
//
// A sub-warp is named on every port by its large warp slot, its lane columns
// and each column's row (the completing sub-warp's lanes and rows travel
// with it down the pipeline; the paper does not count them, nor does this
// block store them). S issue ports (one per former), C completion ports
// (writebacks in one cycle), applied clear before set: a sub-warp cannot
// complete in the cycle it issues, so a thread is never both.
module lwm_thread_deps #(
  parameter integer K  = 8,                         // rows of a large warp
  parameter integer N  = 32,                        // SIMD width
  parameter integer LW = 4,                         // large warp slots per SM
  parameter integer S  = 1,                         // issue ports: sub-warp formers
  parameter integer C  = 1,                         // completion ports
  parameter integer RW = (K > 1) ? $clog2(K) : 1,   // derived: row index width, do not override
  parameter integer WW = (LW > 1) ? $clog2(LW) : 1  // derived: warp slot index width, do not override
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire [S-1:0]      issue_valid_i,     // former s issued a sub-warp ...
  input  wire [S*WW-1:0]   issue_warp_i,      // ... of this large warp ...
  input  wire [S*N-1:0]    issue_lanes_i,     // ... in these lane columns ...
  input  wire [S*N*RW-1:0] issue_row_i,       // ... column c's thread from row [(s*N+c)*RW +: RW]
  input  wire [C-1:0]      complete_valid_i,  // a sub-warp completed, named the same way
  input  wire [C*WW-1:0]   complete_warp_i,
  input  wire [C*N-1:0]    complete_lanes_i,
  input  wire [C*N*RW-1:0] complete_row_i,
  input  wire [S*WW-1:0]   read_warp_i,       // former s reads this warp's bits ...
  output reg  [S*K*N-1:0]  read_pending_o     // ... here, row r column c at [s*K*N + r*N + c]
);

  reg [LW*K*N-1:0] pending_q, pending_d;

  // The threads a sub-warp (lanes, rows) of warp `warp` holds, as a
  // whole-SM bit vector: thread (w, r, c) when column c is in the sub-warp,
  // from row r, and w is its warp (a comparator per bit, no shifter).
  function [LW*K*N-1:0] threads_of;
    input [WW-1:0]   warp;
    input [N-1:0]    lanes;
    input [N*RW-1:0] rows;
    integer w, r, c;
    begin
      for (w = 0; w < LW; w = w + 1)
        for (r = 0; r < K; r = r + 1)
          for (c = 0; c < N; c = c + 1)
            threads_of[(w*K + r)*N + c] = lanes[c] && warp == w[WW-1:0] && rows[c*RW +: RW] == r[RW-1:0];
    end
  endfunction

  integer p, q;
  always @* begin
    pending_d = pending_q;
    for (p = 0; p < C; p = p + 1) begin
      if (complete_valid_i[p])
        pending_d = pending_d & ~threads_of(complete_warp_i[p*WW +: WW], complete_lanes_i[p*N +: N],
                                            complete_row_i[p*N*RW +: N*RW]);
    end
    for (p = 0; p < S; p = p + 1) begin
      if (issue_valid_i[p])
        pending_d = pending_d | threads_of(issue_warp_i[p*WW +: WW], issue_lanes_i[p*N +: N],
                                           issue_row_i[p*N*RW +: N*RW]);
    end
  end

  always @* begin
    for (q = 0; q < S; q = q + 1)
      read_pending_o[q*K*N +: K*N] = pending_q[read_warp_i[q*WW +: WW]*K*N +: K*N];
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) pending_q <= {LW*K*N{1'b0}};
    else         pending_q <= pending_d;
  end

endmodule
