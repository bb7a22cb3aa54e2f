// VTW iteration state of one SM (seed 004 Sec. 4.2.1, 4.3.2): where each
// virtual warp is in its TB's wrapper loop. Warps of a virtual TB are at
// most one iteration apart (the skew rule), so the scheduler needs of the
// iterations only, per TB, how many live warps are one ahead of the lowest
// live one (nahead: the paper's 1-byte count) and, per warp, whether it is
// ahead. ONE_BIT = 0 keeps the paper's 4-byte iteration register per warp
// and per TB (the TB's is the lowest live iteration) and derives the flag by
// comparison; ONE_BIT = 1 keeps only the flag, a bit per warp, cleared for
// the whole TB when its last lower warp leaves the iteration. Both give the
// flag VtwPolicy reads (WarpView::iteration > TbView::min_iteration) wherever
// it matters, i.e. while nahead > 0; with nahead = 0 every warp of the TB is
// SameIter whatever its flag.
// Events of a cycle apply in scheduler order 0..S-1 (one per scheduler: the
// issued instruction took the next logical TB index, enter_valid_i, or
// exited, exit_valid_i), after a launch, which clears the TB. nfin_i and
// nwarps_i are pro_tb_counters' registered counts; this cycle's exits are
// counted here as they come, as pro_tb_counters does.
module vtw_iter #(
  parameter integer W       = 48,
  parameter integer T       = 8,
  parameter integer S       = 2,
  parameter integer NW      = 8,
  parameter integer IW      = 32,          // iteration register width (ONE_BIT = 0)
  parameter integer ONE_BIT = 0,
  parameter integer WIDW    = $clog2(W),
  parameter integer TIDW    = $clog2(T)
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire                  launch_valid_i,
  input  wire [TIDW-1:0]       launch_tb_i,
  input  wire [WIDW-1:0]       launch_first_i,
  input  wire [WIDW:0]         launch_nwarps_i,
  input  wire [S*WIDW-1:0]     iss_warp_i,
  input  wire [S*TIDW-1:0]     iss_tb_i,
  input  wire [S-1:0]          enter_valid_i,
  input  wire [S-1:0]          exit_valid_i,
  input  wire [W*TIDW-1:0]     wtb_i,       // warp slot -> TB slot
  input  wire [T*NW-1:0]       nfin_i,
  input  wire [T*(WIDW+1)-1:0] nwarps_i,
  output reg  [W-1:0]          ahead_o,
  output reg  [T*NW-1:0]       nahead_o,
  output reg  [W*IW-1:0]       witer_o,     // ONE_BIT = 0 only (else 0)
  output reg  [T*IW-1:0]       titer_o
);
  localparam integer KW = (ONE_BIT != 0) ? 1 : IW;  // per-warp register width

  reg [KW-1:0]   wst_q [0:W-1];    // ONE_BIT: the ahead flag; else the iteration
  reg [KW-1:0]   wst_d [0:W-1];
  reg [IW-1:0]   titer_q [0:T-1];  // lowest live iteration (ONE_BIT = 0)
  reg [IW-1:0]   titer_d [0:T-1];
  reg [NW-1:0]   nah_q [0:T-1];
  reg [NW-1:0]   nah_d [0:T-1];
  reg [NW-1:0]   fin [0:T-1];      // running exit count of this cycle

  integer w, t, s, fw, ft, ow, ot;  // one loop variable per always block
  reg [WIDW:0]   wi, first_ext, end_ext;
  reg [WIDW-1:0] wslot;
  reg [TIDW-1:0] tb;
  reg            was_ahead;
  reg [31:0]     lower;

  // Whether a warp is ahead of its TB's lowest live iteration: exactly one
  // further (an exited warp may have stayed behind; none is two ahead, and
  // an exited one left at most one ahead of a min that only grows). ONE_BIT:
  // the flag itself (low is 0; the TB register is never read, so synthesis
  // drops it).
  function automatic is_ahead(input [KW-1:0] st, input [KW-1:0] low);
    is_ahead = ((st - low) == {{(KW-1){1'b0}}, 1'b1});
  endfunction
  function automatic [KW-1:0] low_of(input [KW-1:0] titer);
    low_of = (ONE_BIT != 0) ? {KW{1'b0}} : titer;
  endfunction

  always @* begin
    first_ext = {1'b0, launch_first_i};
    end_ext   = first_ext + launch_nwarps_i;
    wi        = {(WIDW+1){1'b0}};
    for (w = 0; w < W; w = w + 1) wst_d[w] = wst_q[w];
    // Under its valid: the same logic, and a simulator skips it without a launch.
    if (launch_valid_i)
      for (w = 0; w < W; w = w + 1) begin
        wi = w[WIDW:0];
        if ((wi >= first_ext) && (wi < end_ext)) wst_d[w] = {KW{1'b0}};
      end
    for (t = 0; t < T; t = t + 1) begin
      titer_d[t] = titer_q[t];
      nah_d[t]   = nah_q[t];
      fin[t]     = nfin_i[t*NW +: NW];
      if (launch_valid_i && (launch_tb_i == t[TIDW-1:0])) begin
        titer_d[t] = {IW{1'b0}};
        nah_d[t]   = {NW{1'b0}};
        fin[t]     = {NW{1'b0}};
      end
    end
    for (s = 0; s < S; s = s + 1) begin
      wslot     = iss_warp_i[s*WIDW +: WIDW];
      tb        = iss_tb_i[s*TIDW +: TIDW];
      was_ahead = is_ahead(wst_d[wslot], low_of(titer_d[tb][KW-1:0]));
      // A warp takes the next index only from the lowest iteration (skew).
      if (enter_valid_i[s]) begin
        wst_d[wslot] = (ONE_BIT != 0) ? {KW{1'b1}} : wst_d[wslot] + 1'b1;
        nah_d[tb]    = nah_d[tb] + 1'b1;
      end
      if (exit_valid_i[s]) begin
        fin[tb] = fin[tb] + 1'b1;
        if (was_ahead) nah_d[tb] = nah_d[tb] - 1'b1;
      end
      // Live warps left in the lowest iteration; none: the next one is lowest.
      // (NW and WIDW+1 differ: subtract zero-extended in 32 bits.)
      lower = {{(32-WIDW-1){1'b0}}, nwarps_i[tb*(WIDW+1) +: (WIDW+1)]} - {{(32-NW){1'b0}}, fin[tb]} -
              {{(32-NW){1'b0}}, nah_d[tb]};
      if ((enter_valid_i[s] || exit_valid_i[s]) && (lower == 32'd0)) begin
        nah_d[tb]   = {NW{1'b0}};
        if (ONE_BIT == 0) titer_d[tb] = titer_d[tb] + 1'b1;
        else begin
          for (w = 0; w < W; w = w + 1)
            if (wtb_i[w*TIDW +: TIDW] == tb) wst_d[w] = {KW{1'b0}};
        end
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (fw = 0; fw < W; fw = fw + 1) wst_q[fw] <= {KW{1'b0}};
      for (ft = 0; ft < T; ft = ft + 1) begin
        titer_q[ft] <= {IW{1'b0}};
        nah_q[ft]   <= {NW{1'b0}};
      end
    end else begin
      for (fw = 0; fw < W; fw = fw + 1) wst_q[fw] <= wst_d[fw];
      for (ft = 0; ft < T; ft = ft + 1) begin
        titer_q[ft] <= titer_d[ft];
        nah_q[ft]   <= nah_d[ft];
      end
    end
  end

  always @* begin
    witer_o = {(W*IW){1'b0}};
    titer_o = {(T*IW){1'b0}};
    for (ow = 0; ow < W; ow = ow + 1) begin
      ahead_o[ow] = is_ahead(wst_q[ow], low_of(titer_q[wtb_i[ow*TIDW +: TIDW]][KW-1:0]));
      if (ONE_BIT == 0) witer_o[ow*IW +: KW] = wst_q[ow];
    end
    for (ot = 0; ot < T; ot = ot + 1) begin
      nahead_o[ot*NW +: NW] = nah_q[ot];
      if (ONE_BIT == 0) titer_o[ot*IW +: IW] = titer_q[ot];
    end
  end
endmodule
