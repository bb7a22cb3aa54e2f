// Seed 002's two temporary active mask buffers of one sub-warp former
// (Sec. 3.1 "Divergence and Reconvergence", Sec. 3.4's 512 bits at K x N =
// 256): while a large warp's conditional branch is broken down, the mask of
// the threads that take it and the mask of those that fall through, K x N
// bits each, held until the stack is updated; the large warp diverged when
// both are non-empty. Golden model: the functional engine's large-warp
// branch (func/large_warp.cc: ExecRecord::diverged, the rows' exec masks).
//
// The model executes at issue, so the outcome is known when the former
// starts (load_i, a conditional branch): a thread takes the branch when its
// guard is true (exec), falls through when active with the guard false.
module lwm_branch_masks #(
  parameter integer K = 8,   // rows of a large warp
  parameter integer N = 32   // SIMD width
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  input  wire           load_i,      // a conditional branch starts forming
  input  wire [K*N-1:0] active_i,    // its rows' active masks, row r in [r*N +: N]
  input  wire [K*N-1:0] exec_i,      // its rows' guard-true threads
  output wire [K*N-1:0] taken_o,     // the buffers, same layout
  output wire [K*N-1:0] not_taken_o,
  output wire           diverged_o   // both paths hold threads
);

  reg [K*N-1:0] taken_q, taken_d;
  reg [K*N-1:0] not_taken_q, not_taken_d;

  always @* begin
    taken_d     = taken_q;
    not_taken_d = not_taken_q;
    if (load_i) begin
      taken_d     = exec_i & active_i;
      not_taken_d = active_i & ~exec_i;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      taken_q     <= {K*N{1'b0}};
      not_taken_q <= {K*N{1'b0}};
    end else begin
      taken_q     <= taken_d;
      not_taken_q <= not_taken_d;
    end
  end

  assign taken_o     = taken_q;
  assign not_taken_o = not_taken_q;
  assign diverged_o  = |taken_q && |not_taken_q;

endmodule
