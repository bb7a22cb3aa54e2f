// Seed 002's sub-warp former for one scheduler (Sec. 3.1, 3.4): a copy of the
// large warp's K x N active mask (the paper's 256 bits at K x N = 256) from
// which one SIMD-width sub-warp is taken per cycle, one thread per lane
// column, by one priority encoder per column (lwm_column_pick). Golden model:
// sm::SubwarpFormer (begin / next / take).
//
// Per cycle: the scheduler may start the former on a large warp (begin_i, only
// while busy_o is low; the mask is the instruction's per-row exec mask, since
// the model executes at issue and packs by guard); the sub-warp below is
// formed from this cycle's mask (the begin mask in the begin cycle: the first
// sub-warp goes in the same cycle, formed in parallel with decode) and the
// warp's dependency bits pending_i (lwm_thread_deps). take_i says the
// sub-warp issues (its unit is free); its threads leave the copy at the edge.
// A jump (begin_single_i) or an instruction no thread executes is one
// sub-warp carrying no thread. busy_o is also the fetch stall: the large warp
// warp_o is not fetched while it is broken down (WarpTable's forming()).
module lwm_subwarp_former #(
  parameter integer K  = 8,                         // rows of a large warp (large warp size / N)
  parameter integer N  = 32,                        // SIMD width: lane columns
  parameter integer LW = 4,                         // large warp slots per SM
  parameter integer RW = (K > 1) ? $clog2(K) : 1,   // derived: row index width, do not override
  parameter integer WW = (LW > 1) ? $clog2(LW) : 1  // derived: warp slot index width, do not override
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire            begin_i,         // start on a large warp's instruction ...
  input  wire [WW-1:0]   begin_warp_i,    // ... of this slot ...
  input  wire [K*N-1:0]  begin_mask_i,    // ... row r's exec mask in [r*N +: N] ...
  input  wire            begin_single_i,  // ... an unconditional branch: one sub-warp
  input  wire [K*N-1:0]  pending_i,       // dependency bits of warp cur_warp_o, same layout
  input  wire            take_i,          // the sub-warp below issues this cycle
  output wire            busy_o,          // breaking an instruction down (start of cycle)
  output wire [WW-1:0]   warp_o,          // the large warp it breaks down (fetch stall)
  output wire [WW-1:0]   cur_warp_o,      // this cycle's warp (begin_warp_i in a begin cycle)
  output wire            single_o,        // this cycle's sub-warp is a jump's
  output wire            formed_o,        // there is a sub-warp to issue this cycle
  output wire [N-1:0]    lanes_o,         // its lane columns ...
  output wire [N*RW-1:0] row_o            // ... and the row of column c's thread in [c*RW +: RW]
);

  reg [K*N-1:0] mask_q, mask_d;
  reg           busy_q, busy_d;
  reg           single_q, single_d;
  reg [WW-1:0]  warp_q, warp_d;

  // This cycle's instruction: the one begun now, or the one in the copy.
  wire [K*N-1:0] mask     = begin_i ? begin_mask_i : mask_q;
  wire           single   = begin_i ? (begin_single_i || ~|begin_mask_i) : single_q;
  wire [K*N-1:0] eligible = single ? {K*N{1'b0}} : (mask & ~pending_i);

  // One priority encoder per lane column: column c sees bit c of every row.
  wire [K*N-1:0] taken;  // the threads this sub-warp packs, row-major as the mask
  genvar c, r;
  generate
    for (c = 0; c < N; c = c + 1) begin : g_column
      wire [K-1:0] candidate, onehot;
      for (r = 0; r < K; r = r + 1) begin : g_row
        assign candidate[r]  = eligible[r*N+c];
        assign taken[r*N+c]  = onehot[r];
      end
      lwm_column_pick #(.K(K)) u_pick (
        .candidate_i(candidate),
        .valid_o    (lanes_o[c]),
        .row_o      (row_o[c*RW +: RW]),
        .onehot_o   (onehot)
      );
    end
  endgenerate

  assign formed_o   = single || |lanes_o;
  assign single_o   = single;
  assign busy_o     = busy_q;
  assign warp_o     = warp_q;
  assign cur_warp_o = begin_i ? begin_warp_i : warp_q;

  always @* begin
    mask_d   = mask;
    single_d = single;
    warp_d   = cur_warp_o;
    busy_d   = busy_q || begin_i;
    if (take_i) begin
      mask_d = mask & ~taken;
      // A jump's one sub-warp ends it; otherwise the copy runs empty.
      busy_d = !single && |mask_d;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mask_q   <= {K*N{1'b0}};
      busy_q   <= 1'b0;
      single_q <= 1'b0;
      warp_q   <= {WW{1'b0}};
    end else begin
      mask_q   <= mask_d;
      busy_q   <= busy_d;
      single_q <= single_d;
      warp_q   <= warp_d;
    end
  end

endmodule
