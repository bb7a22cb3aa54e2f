// Simulation-only shell around baws_top for the co-simulation adapter
// (tb/cosim/rtl_mwf_policy.cc); not hardware, not costed. It has
// baws_top's ports and registers the level inputs (warp and TB state,
// gto_i) on the same rising edge that clocks baws_top's events, so every
// read of the outputs is an edge: the inputs the edge latches and the state
// it writes then settle together.
//
// Why: Verilator 5.006 runs all logic fed by top-level inputs at every
// eval() (the "ico" region), and again after an edge for the logic fed by
// flip-flops ("nba"). Wired straight to the inputs, the ranks and the CFF
// arg-min (nearly all of baws_top's evaluation) ran twice at each edge,
// the first time on the state the edge then replaced. Fed from flip-flops
// only, they run once, after the edge; the ico region keeps just the
// next-state logic of the events.
//
// The MWF issue picks (issue_pick_*_o) are left out, and with them
// warp_issuable_i, their only input: the SM issues in the order rank_o
// gives, so the adapter never read them; with the input tied to 0, Verilator
// folds most of their logic to constants (the BawsTop benches check the
// picks against MwfPolicy).
module baws_cosim_top #(
  parameter integer W   = 48,
  parameter integer T   = 8,
  parameter integer S   = 2,
  parameter integer CW  = 6,
  parameter integer IDW = 16,
  parameter integer WW  = (W > 1) ? $clog2(W) : 1, // derived: warp index width
  parameter integer TW  = (T > 1) ? $clog2(T) : 1, // derived: TB slot index width
  parameter integer SW  = (S > 1) ? $clog2(S) : 1, // derived: scheduler index width
  parameter integer RW  = $clog2(W + 1)            // derived: rank width
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire              gto_i,
  input  wire [W-1:0]      warp_valid_i,
  input  wire [W-1:0]      warp_exited_i,
  input  wire [W*TW-1:0]   warp_tb_i,
  input  wire [W-1:0]      warp_fetchable_i,
  input  wire [W-1:0]      warp_ibuf_nonempty_i,
  input  wire [W-1:0]      warp_at_barrier_i,
  input  wire [T*IDW-1:0]  tb_id_i,
  input  wire [T*WW-1:0]   tb_first_i,
  input  wire [T*RW-1:0]   tb_warps_i,
  input  wire [T-1:0]      launch_i,
  input  wire [S-1:0]      issue_valid_i,
  input  wire [S*WW-1:0]   issue_warp_i,
  input  wire [S*TW-1:0]   issue_tb_i,
  input  wire [S-1:0]      arrive_i,
  input  wire [S-1:0]      release_i,
  input  wire              fetch_valid_i,
  input  wire [SW-1:0]     fetch_sched_i,
  output wire [T*CW-1:0]   count_o,
  output wire [W*RW-1:0]   rank_o,
  output wire              fetch_pick_valid_o,
  output wire [WW-1:0]     fetch_pick_warp_o
);

  // The level inputs as of the last edge, one register per port (Verilator
  // copies each as a word). No reset: the adapter reads outputs only after
  // an edge has loaded them.
  reg             gto_q;
  reg [W-1:0]     valid_q, exited_q, fetchable_q, nonempty_q, barrier_q;
  reg [W*TW-1:0]  warp_tb_q;
  reg [T*IDW-1:0] tb_id_q;
  reg [T*WW-1:0]  tb_first_q;
  reg [T*RW-1:0]  tb_warps_q;
  always @(posedge clk_i) begin
    gto_q       <= gto_i;
    valid_q     <= warp_valid_i;
    exited_q    <= warp_exited_i;
    warp_tb_q   <= warp_tb_i;
    fetchable_q <= warp_fetchable_i;
    nonempty_q  <= warp_ibuf_nonempty_i;
    barrier_q   <= warp_at_barrier_i;
    tb_id_q     <= tb_id_i;
    tb_first_q  <= tb_first_i;
    tb_warps_q  <= tb_warps_i;
  end

  /* verilator lint_off UNUSED */
  wire [S-1:0]    issue_pick_valid;  // not read: see above
  wire [S*WW-1:0] issue_pick_warp;
  /* verilator lint_on UNUSED */

  baws_top #(.W(W), .T(T), .S(S), .CW(CW), .IDW(IDW)) u_top (
    .clk_i               (clk_i),
    .rst_ni              (rst_ni),
    .gto_i               (gto_q),
    .warp_valid_i        (valid_q),
    .warp_exited_i       (exited_q),
    .warp_tb_i           (warp_tb_q),
    .warp_issuable_i     ({W{1'b0}}),
    .warp_fetchable_i    (fetchable_q),
    .warp_ibuf_nonempty_i(nonempty_q),
    .warp_at_barrier_i   (barrier_q),
    .tb_id_i             (tb_id_q),
    .tb_first_i          (tb_first_q),
    .tb_warps_i          (tb_warps_q),
    .launch_i            (launch_i),
    .issue_valid_i       (issue_valid_i),
    .issue_warp_i        (issue_warp_i),
    .issue_tb_i          (issue_tb_i),
    .arrive_i            (arrive_i),
    .release_i           (release_i),
    .fetch_valid_i       (fetch_valid_i),
    .fetch_sched_i       (fetch_sched_i),
    .count_o             (count_o),
    .issue_pick_valid_o  (issue_pick_valid),
    .issue_pick_warp_o   (issue_pick_warp),
    .rank_o              (rank_o),
    .fetch_pick_valid_o  (fetch_pick_valid_o),
    .fetch_pick_warp_o   (fetch_pick_warp_o)
  );

endmodule
