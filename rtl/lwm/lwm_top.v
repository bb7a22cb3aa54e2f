// Seed 002's large warp microarchitecture at issue for one SM: a sub-warp
// former and its two branch mask buffers per scheduler, and the SM's
// per-thread dependency bits, which each former reads for the warp it breaks
// down and sets for the sub-warp it issues. The paper's Sec. 3.4 storage is
// the formers' mask copies, the branch buffers and the dependency bits
// (S x 3 x K x N + LW x K x N bits; 224 bytes at S = 1, K x N = 256, LW = 4).
// Large warp slot w belongs to scheduler w % S, so only that former begins
// on it. Golden model: sm::IssueStage's large-warp path (SubwarpFormer,
// ThreadDependencies); the two-level fetch block (lwm_fetch_groups) is the
// fetch stage's and stands apart.
module lwm_top #(
  parameter integer K  = 8,                         // rows of a large warp (large warp size / N)
  parameter integer N  = 32,                        // SIMD width
  parameter integer LW = 4,                         // large warp slots per SM
  parameter integer S  = 1,                         // schedulers (formers) per SM
  parameter integer C  = 2,                         // completion ports
  parameter integer RW = (K > 1) ? $clog2(K) : 1,   // derived: row index width, do not override
  parameter integer WW = (LW > 1) ? $clog2(LW) : 1  // derived: warp slot index width, do not override
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  // Per scheduler s (field s of each bus): its former starts on a large
  // warp's instruction, as lwm_subwarp_former; a conditional branch loads
  // the branch buffers.
  input  wire [S-1:0]      begin_i,
  input  wire [S*WW-1:0]   begin_warp_i,
  input  wire [S*K*N-1:0]  begin_mask_i,    // the rows' exec (guard-true) masks
  input  wire [S*K*N-1:0]  begin_active_i,  // the rows' active masks
  input  wire [S-1:0]      begin_single_i,  // an unconditional branch
  input  wire [S-1:0]      begin_branch_i,  // a conditional branch
  input  wire [S-1:0]      take_i,          // scheduler s's sub-warp issues
  input  wire [C-1:0]      complete_valid_i,
  input  wire [C*WW-1:0]   complete_warp_i,
  input  wire [C*N-1:0]    complete_lanes_i,
  input  wire [C*N*RW-1:0] complete_row_i,
  output wire [S-1:0]      busy_o,          // former s is breaking an instruction down ...
  output wire [S*WW-1:0]   warp_o,          // ... of this large warp (not fetched meanwhile)
  output wire [S-1:0]      formed_o,        // scheduler s has a sub-warp to issue this cycle ...
  output wire [S-1:0]      single_o,        // ... a jump's ...
  output wire [S*N-1:0]    lanes_o,         // ... in these columns ...
  output wire [S*N*RW-1:0] row_o,           // ... from these rows
  output wire [S*K*N-1:0]  taken_o,         // scheduler s's branch buffers: the stack's pushes
  output wire [S*K*N-1:0]  not_taken_o,
  output wire [S-1:0]      diverged_o       // scheduler s's last conditional branch diverged
);

  wire [S*WW-1:0]  cur_warp;
  wire [S*K*N-1:0] pending;

  genvar s;
  generate
    for (s = 0; s < S; s = s + 1) begin : g_former
      lwm_subwarp_former #(.K(K), .N(N), .LW(LW)) u_former (
        .clk_i         (clk_i),
        .rst_ni        (rst_ni),
        .begin_i       (begin_i[s]),
        .begin_warp_i  (begin_warp_i[s*WW +: WW]),
        .begin_mask_i  (begin_mask_i[s*K*N +: K*N]),
        .begin_single_i(begin_single_i[s]),
        .pending_i     (pending[s*K*N +: K*N]),
        .take_i        (take_i[s]),
        .busy_o        (busy_o[s]),
        .warp_o        (warp_o[s*WW +: WW]),
        .cur_warp_o    (cur_warp[s*WW +: WW]),
        .single_o      (single_o[s]),
        .formed_o      (formed_o[s]),
        .lanes_o       (lanes_o[s*N +: N]),
        .row_o         (row_o[s*N*RW +: N*RW])
      );
      lwm_branch_masks #(.K(K), .N(N)) u_branch (
        .clk_i      (clk_i),
        .rst_ni     (rst_ni),
        .load_i     (begin_i[s] && begin_branch_i[s]),
        .active_i   (begin_active_i[s*K*N +: K*N]),
        .exec_i     (begin_mask_i[s*K*N +: K*N]),
        .taken_o    (taken_o[s*K*N +: K*N]),
        .not_taken_o(not_taken_o[s*K*N +: K*N]),
        .diverged_o (diverged_o[s])
      );
    end
  endgenerate

  // A jump's sub-warp packs no thread (IssueStage: deps.issue(Subwarp{})).
  lwm_thread_deps #(.K(K), .N(N), .LW(LW), .S(S), .C(C)) u_deps (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .issue_valid_i   (take_i & ~single_o),
    .issue_warp_i    (cur_warp),
    .issue_lanes_i   (lanes_o),
    .issue_row_i     (row_o),
    .complete_valid_i(complete_valid_i),
    .complete_warp_i (complete_warp_i),
    .complete_lanes_i(complete_lanes_i),
    .complete_row_i  (complete_row_i),
    .read_warp_i     (cur_warp),
    .read_pending_o  (pending)
  );

endmodule
