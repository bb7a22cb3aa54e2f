// Per scheduler and TB slot: the warp that scheduler issued last in that TB
// (TbRankedOrder::last_), the state MWF's intra-TB order needs: MWF(LRR)
// rotates to start after it, MWF(GTO) puts it first. Not part of the paper's
// 6-byte WPT (Sec. 4.1.2 does not count it); kept in its own module so the
// cost report lists it separately: S*T*(WW+1) flip-flops (2*8*7 = 112 at
// GTX480), a warp slot index plus a valid bit (the golden model's kNoWarp).
//
// Set by the issue of scheduler s (on_issue), cleared for every scheduler by
// a TB launch in that slot (on_tb_launch). The golden model's MWF(GTO) also
// clears the entry when that warp exits (on_warp_exit); this block does not:
// the selectors test the warp's exited flag instead, which gives the same
// order (an exited warp keeps its slot, still Exited, until its TB finishes,
// and the slot's next TB clears the entry at launch). For MWF(LRR) the golden
// model keeps the entry after an exit, as this block does.
module baws_last_issued #(
  parameter integer W  = 48,                     // warp slots per SM
  parameter integer T  = 8,                      // TB slots per SM
  parameter integer S  = 2,                      // schedulers per SM
  parameter integer WW = (W > 1) ? $clog2(W) : 1, // derived: warp index width
  parameter integer TW = (T > 1) ? $clog2(T) : 1  // derived: TB slot index width
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire [S-1:0]      issue_valid_i,  // scheduler s issued ...
  input  wire [S*WW-1:0]   issue_warp_i,   // ... this warp slot ...
  input  wire [S*TW-1:0]   issue_tb_i,     // ... of this TB slot
  input  wire [T-1:0]      launch_i,       // a new TB takes these slots
  output wire [S*T*WW-1:0] last_warp_o,    // entry (s, t) in [(s*T+t)*WW +: WW]
  output wire [S*T-1:0]    last_valid_o    // entry (s, t) in bit s*T+t
);

  reg [S*T*WW-1:0] last_warp_q, last_warp_d;
  reg [S*T-1:0]    last_valid_q, last_valid_d;

  integer s, t;
  always @* begin
    last_warp_d  = last_warp_q;
    last_valid_d = last_valid_q;
    for (s = 0; s < S; s = s + 1) begin
      for (t = 0; t < T; t = t + 1) begin
        // A launch never coincides with an issue from the same TB slot.
        if (launch_i[t]) begin
          last_valid_d[s*T+t] = 1'b0;
          last_warp_d[(s*T+t)*WW +: WW] = {WW{1'b0}};
        end else if (issue_valid_i[s] && issue_tb_i[s*TW +: TW] == t[TW-1:0]) begin
          last_valid_d[s*T+t] = 1'b1;
          last_warp_d[(s*T+t)*WW +: WW] = issue_warp_i[s*WW +: WW];
        end
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      last_warp_q  <= {S*T*WW{1'b0}};
      last_valid_q <= {S*T{1'b0}};
    end else begin
      last_warp_q  <= last_warp_d;
      last_valid_q <= last_valid_d;
    end
  end

  assign last_warp_o  = last_warp_q;
  assign last_valid_o = last_valid_q;

endmodule
