// BAWS warp priority table (WPT), seed 001 Sec. 4.1.2: per TB slot, the number
// of its warps waiting at the barrier. T counters of CW bits are the whole
// state (8 x 6 bits = the paper's 6 bytes per SM). One table per SM serves
// all S schedulers ("one shared list of TB priorities").
//
// Per cycle and per scheduler s (ports packed, scheduler s in bits
// [s*TW +: TW]): a barrier arrival (counter + 1) and a barrier release
// (counter := 0). The golden model (MwfPolicy, driven by IssueStage::issue)
// handles scheduler 0 before scheduler 1 and, for one issued instruction,
// on_barrier_arrive before on_barrier_release; the next state below applies
// the events in exactly that order, so e.g. the last warp's bar.sync (arrive
// and release of the same TB) leaves 0, and a release by scheduler 0 followed
// by an arrival from scheduler 1 leaves 1. A TB launch clears its slot
// (MwfPolicy::on_tb_launch); a launch never coincides with events on the same
// slot, it is applied last. Counters wrap at 2^CW: CW = 6 holds the 32 warps
// of the largest GTX480 TB, and a warp arrives at most once per barrier.
module baws_wpt #(
  parameter integer T  = 8,                      // TB slots per SM
  parameter integer S  = 2,                      // warp schedulers per SM
  parameter integer CW = 6,                      // counter width
  parameter integer TW = (T > 1) ? $clog2(T) : 1 // derived: TB slot index width, do not override
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire [S-1:0]    arrive_valid_i,  // scheduler s issued a bar.sync ...
  input  wire [S*TW-1:0] arrive_tb_i,     // ... of a warp in this TB slot
  input  wire [S-1:0]    release_valid_i, // that bar.sync released the barrier ...
  input  wire [S*TW-1:0] release_tb_i,    // ... of this TB slot
  input  wire [T-1:0]    launch_i,        // a new TB takes these slots
  output wire [T*CW-1:0] count_o          // counter of TB slot t in [t*CW +: CW]
);

  reg [T*CW-1:0] count_q, count_d;

  integer s, t;
  always @* begin
    count_d = count_q;
    // Scheduler order, arrival before release: the golden model's event order.
    for (s = 0; s < S; s = s + 1) begin
      for (t = 0; t < T; t = t + 1) begin
        if (arrive_valid_i[s] && arrive_tb_i[s*TW +: TW] == t[TW-1:0])
          count_d[t*CW +: CW] = count_d[t*CW +: CW] + 1'b1;
        if (release_valid_i[s] && release_tb_i[s*TW +: TW] == t[TW-1:0])
          count_d[t*CW +: CW] = {CW{1'b0}};
      end
    end
    for (t = 0; t < T; t = t + 1) begin
      if (launch_i[t]) count_d[t*CW +: CW] = {CW{1'b0}};
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) count_q <= {T*CW{1'b0}};
    else         count_q <= count_d;
  end

  assign count_o = count_q;

endmodule
