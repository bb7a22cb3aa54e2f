// PRO per-TB warp counters (seed 000 Sec. III.E; shared under rtl/common: the
// VTW scheduler reads the same barrier and exit counts): nWarpsAtBar and nWarpsFin,
// the paper's T + T bytes (NW = 8). The TB's warp count is kept as well (the
// last-exit test needs it; the paper does not count it: the SM's TB table has
// it). Events of one cycle are applied in the order the pipeline raises them
// (sc_model/sm/issue_stage.cc): launch, then for scheduler 0, 1, ... the
// issued instruction's barrier arrival, barrier release, warp exit. The
// running values after each event drive the per-event flags the TB state
// machine needs (release with no warp left waiting, first exit, last exit),
// exactly what ProPolicy reads from the TbView at that event.
module pro_tb_counters #(
  parameter integer W    = 48,
  parameter integer T    = 8,
  parameter integer S    = 2,
  parameter integer NW   = 8,           // nWarpsAtBar / nWarpsFin width
  parameter integer WIDW = $clog2(W),
  parameter integer TIDW = $clog2(T)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                launch_valid_i,
  input  wire [TIDW-1:0]     launch_tb_i,
  input  wire [WIDW:0]       launch_nwarps_i,
  // Per scheduler: the issued instruction's TB and what it did.
  input  wire [S*TIDW-1:0]   iss_tb_i,
  input  wire [S-1:0]        arr_valid_i,   // the warp reached a barrier
  input  wire [S-1:0]        rel_valid_i,   // the SM released a barrier of the TB
  input  wire [S*NW-1:0]     rel_cnt_i,     // warps that release let go
  input  wire [S-1:0]        exit_valid_i,  // the warp exited
  output reg  [S-1:0]        rel_clear_o,   // after this release no warp of the TB waits
  output reg  [S-1:0]        exit_first_o,  // this exit is the TB's first
  output reg  [S-1:0]        exit_last_o,   // this exit is the TB's last
  output reg  [T*NW-1:0]     nbar_o,
  output reg  [T*NW-1:0]     nfin_o,
  output reg  [T*(WIDW+1)-1:0] nwarps_o
);
  reg [NW-1:0]   nbar_q [0:T-1];
  reg [NW-1:0]   nbar_d [0:T-1];
  reg [NW-1:0]   nfin_q [0:T-1];
  reg [NW-1:0]   nfin_d [0:T-1];
  reg [WIDW:0]   nw_q   [0:T-1];
  reg [WIDW:0]   nw_d   [0:T-1];

  integer t, s;
  integer ft, ot;   // flop / read-out loops (one loop variable per block)
  reg [TIDW-1:0] tb;
  reg [NW-1:0]   fin_now;

  // Running update in event order (see header).
  always @* begin
    for (t = 0; t < T; t = t + 1) begin
      nbar_d[t] = nbar_q[t];
      nfin_d[t] = nfin_q[t];
      nw_d[t]   = nw_q[t];
    end
    if (launch_valid_i) begin
      nbar_d[launch_tb_i] = {NW{1'b0}};
      nfin_d[launch_tb_i] = {NW{1'b0}};
      nw_d[launch_tb_i]   = launch_nwarps_i;
    end
    tb = {TIDW{1'b0}};
    fin_now = {NW{1'b0}};
    rel_clear_o  = {S{1'b0}};
    exit_first_o = {S{1'b0}};
    exit_last_o  = {S{1'b0}};
    for (s = 0; s < S; s = s + 1) begin
      tb = iss_tb_i[s*TIDW +: TIDW];
      fin_now = nfin_d[tb] + {{(NW-1){1'b0}}, 1'b1};
      if (arr_valid_i[s]) nbar_d[tb] = nbar_d[tb] + {{(NW-1){1'b0}}, 1'b1};
      if (rel_valid_i[s]) begin
        nbar_d[tb] = nbar_d[tb] - rel_cnt_i[s*NW +: NW];
        rel_clear_o[s] = (nbar_d[tb] == {NW{1'b0}});
      end
      if (exit_valid_i[s]) begin
        nfin_d[tb] = fin_now;
        exit_first_o[s] = (fin_now == {{(NW-1){1'b0}}, 1'b1});
        // Widths differ (NW vs WIDW+1): compare zero-extended in 32 bits.
        exit_last_o[s]  = ({{(32-NW){1'b0}}, fin_now} == {{(32-WIDW-1){1'b0}}, nw_d[tb]});
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (ft = 0; ft < T; ft = ft + 1) begin
        nbar_q[ft] <= {NW{1'b0}};
        nfin_q[ft] <= {NW{1'b0}};
        nw_q[ft]   <= {(WIDW+1){1'b0}};
      end
    end else begin
      for (ft = 0; ft < T; ft = ft + 1) begin
        nbar_q[ft] <= nbar_d[ft];
        nfin_q[ft] <= nfin_d[ft];
        nw_q[ft]   <= nw_d[ft];
      end
    end
  end

  always @* begin
    for (ot = 0; ot < T; ot = ot + 1) begin
      nbar_o[ot*NW +: NW] = nbar_q[ot];
      nfin_o[ot*NW +: NW] = nfin_q[ot];
      nwarps_o[ot*(WIDW+1) +: (WIDW+1)] = nw_q[ot];
    end
  end
endmodule
