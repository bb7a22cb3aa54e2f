// PRO progress counters (seed 000 Sec. III.E; VTW, seed 004 Sec. 4.3.2, keeps
// the same ones, so the file is shared under rtl/common): per warp slot and per TB slot
// the sum of active threads over the instructions it issued. These are the
// paper's 4W + 4T bytes (PW = 32). Each cycle up to S schedulers issue one
// instruction each; two of them may belong to the same TB, so a TB counter
// adds both counts in one cycle. A TB launch clears the TB's counter and the
// counters of the warp slots it owns (first .. first+nwarps-1) before this
// cycle's issues are added (the SM never issues a warp in its launch cycle).
module pro_progress #(
  parameter integer W    = 48,          // warp slots per SM
  parameter integer T    = 8,           // TB slots per SM
  parameter integer S    = 2,           // schedulers per SM
  parameter integer PW   = 32,          // progress counter width
  parameter integer WIDW = $clog2(W),   // warp slot index width
  parameter integer TIDW = $clog2(T)    // TB slot index width
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  // Issue port per scheduler: valid, warp slot, TB slot, active threads (0..32).
  input  wire [S-1:0]        iss_valid_i,
  input  wire [S*WIDW-1:0]   iss_warp_i,
  input  wire [S*TIDW-1:0]   iss_tb_i,
  input  wire [S*6-1:0]      iss_active_i,
  // TB launch: slot and the warp slots it owns.
  input  wire                launch_valid_i,
  input  wire [TIDW-1:0]     launch_tb_i,
  input  wire [WIDW-1:0]     launch_first_i,
  input  wire [WIDW:0]       launch_nwarps_i,
  // Every counter is read out: the sorter reads the TB counters, the per-TB
  // warp sort reads the warp counters (and synthesis must not drop them).
  output reg  [W*PW-1:0]     warp_prog_o,
  output reg  [T*PW-1:0]     tb_prog_o
);
  reg [PW-1:0] wprog_q [0:W-1];
  reg [PW-1:0] wprog_d [0:W-1];
  reg [PW-1:0] tprog_q [0:T-1];
  reg [PW-1:0] tprog_d [0:T-1];

  integer w, t, s;    // next-state loop
  integer fw, ft;     // flop loop
  integer ow, ot;     // read-out loop
  reg [WIDW:0] wi;
  reg [WIDW:0] first_ext;
  reg [WIDW:0] end_ext;
  reg [WIDW-1:0] iw;
  reg [TIDW-1:0] it;
  reg [PW-1:0]   active;

  // Next-state: clear on launch, then add every scheduler's active count to
  // its warp's and its TB's counter. The counters are addressed by index
  // (not a compare per counter and scheduler) so that the Verilated model
  // does the work of the events it is given, not of every slot: the logic
  // is the same decoder either way. An index past the last slot adds to
  // nothing, as a compare with every slot would. Written as always @* loops
  // (not generate assigns) to keep Verilator free of false UNOPTFLAT loops.
  always @* begin
    first_ext = {1'b0, launch_first_i};
    end_ext   = first_ext + launch_nwarps_i;
    wi        = {(WIDW+1){1'b0}};
    iw        = {WIDW{1'b0}};
    it        = {TIDW{1'b0}};
    active    = {PW{1'b0}};
    for (w = 0; w < W; w = w + 1) wprog_d[w] = wprog_q[w];
    for (t = 0; t < T; t = t + 1) tprog_d[t] = tprog_q[t];
    if (launch_valid_i) begin
      for (w = 0; w < W; w = w + 1) begin
        wi = w[WIDW:0];
        if ((wi >= first_ext) && (wi < end_ext)) wprog_d[w] = {PW{1'b0}};
      end
      tprog_d[launch_tb_i] = {PW{1'b0}};
    end
    for (s = 0; s < S; s = s + 1) begin
      iw     = iss_warp_i[s*WIDW +: WIDW];
      it     = iss_tb_i[s*TIDW +: TIDW];
      active = {{(PW-6){1'b0}}, iss_active_i[s*6 +: 6]};
      if (iss_valid_i[s]) begin
        wprog_d[iw] = wprog_d[iw] + active;
        tprog_d[it] = tprog_d[it] + active;
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (fw = 0; fw < W; fw = fw + 1) wprog_q[fw] <= {PW{1'b0}};
      for (ft = 0; ft < T; ft = ft + 1) tprog_q[ft] <= {PW{1'b0}};
    end else begin
      for (fw = 0; fw < W; fw = fw + 1) wprog_q[fw] <= wprog_d[fw];
      for (ft = 0; ft < T; ft = ft + 1) tprog_q[ft] <= tprog_d[ft];
    end
  end

  always @* begin
    for (ow = 0; ow < W; ow = ow + 1) warp_prog_o[ow*PW +: PW] = wprog_q[ow];
    for (ot = 0; ot < T; ot = ot + 1) tb_prog_o[ot*PW +: PW] = tprog_q[ot];
  end
endmodule
