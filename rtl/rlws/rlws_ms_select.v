// RLWS_MS warp selector (seed 003 Sec. V.D): the agent's action is one of
// five meta-actions, each an ordering of scheduler sched_i's warps
// (RlwsMsPolicy::write_order):
//   0 GTO              the warp it issued last if live, then the live warps oldest first
//   1 Youngest         the live warps, youngest first
//   2 LRR              all its warps (live or not), round robin from the first
//                      slot after the last issued one (from slot 0 when there is none)
//   3 YoungestBarrier  live warps whose TB has warps waiting at a barrier, youngest first
//   4 YoungestFinish   live warps whose TB has finished warps, youngest first
// ready_o says which actions are possible: their order holds a warp that
// can issue now (RlwsMsPolicy::possible_actions).
//
// pick_o is the first warp of the order among those not in skip_i: with it
// the co-simulation reads the whole order (the pick, then skip it, ...);
// the SM issues the first, so an SM ties skip_i to 0 and synthesis drops it.
// order_o is the set of warps the order holds (skip_i aside): when none of
// them can issue, the co-simulation needs only which they are (the SM's
// stall class), not their sequence; an SM leaves it open.
// Age is an input key per warp, smaller is older: {the TB's launch rank
// among the resident TBs, warp index in the TB} (RlPolicy::older); keys of
// live warps are distinct, equal keys would go to the lowest slot.
//
// State: per scheduler the last issued warp and whether it has one,
// S*(WW+1) bits. Issues at any edge count; a warp exit after them forgets
// the scheduler's last warp if it was that one (RlPolicy::on_warp_exit).
module rlws_ms_select #(
  parameter integer W  = 48,   // warp slots per SM
  parameter integer S  = 2,    // schedulers per SM
  parameter integer KW = 8,    // age key width
  parameter integer WW = (W > 1) ? $clog2(W) : 1, // derived: warp index width
  parameter integer SW = (S > 1) ? $clog2(S) : 1  // derived: scheduler index width
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire            restart_i,      // new kernel: forget the last issued warps
  input  wire [S-1:0]    issue_valid_i,  // scheduler s issued ...
  input  wire [S*WW-1:0] issue_warp_i,   // ... this warp
  input  wire            exit_valid_i,   // this warp exited (after this edge's issues)
  input  wire [WW-1:0]   exit_warp_i,
  input  wire [SW-1:0]   sched_i,        // the deciding scheduler
  input  wire [2:0]      action_i,       // its meta-action
  input  wire [W-1:0]    mine_i,         // an occupied slot of sched_i
  input  wire [W-1:0]    live_i,         // valid and not exited (any scheduler's)
  input  wire [W-1:0]    can_issue_i,    // ready, unit free
  input  wire [W-1:0]    barrier_tb_i,   // the warp's TB has warps waiting at a barrier
  input  wire [W-1:0]    finished_tb_i,  // the warp's TB has finished (exited) warps
  input  wire [W*KW-1:0] age_i,
  input  wire [W-1:0]    skip_i,         // not picked (co-simulation reads the order out; 0 in use)
  output wire [4:0]      ready_o,        // possible meta-actions
  output reg             pick_valid_o,
  output reg  [WW-1:0]   pick_o,
  output wire [W-1:0]    order_o,        // the warps of the action's order (co-simulation)
  output wire [S*WW-1:0] last_warp_o,
  output wire [S-1:0]    last_valid_o
);

  localparam [2:0] GTO = 3'd0, YOUNGEST = 3'd1, LRR = 3'd2, YOUNGEST_BARRIER = 3'd3, YOUNGEST_FINISH = 3'd4;

  reg [S*WW-1:0] last_warp_q, last_warp_d;
  reg [S-1:0]    last_valid_q, last_valid_d;

  integer s;
  always @* begin
    last_warp_d  = last_warp_q;
    last_valid_d = last_valid_q;
    for (s = 0; s < S; s = s + 1) begin
      if (issue_valid_i[s]) begin
        last_warp_d[s*WW +: WW] = issue_warp_i[s*WW +: WW];
        last_valid_d[s]         = 1'b1;
      end
      if (exit_valid_i && last_warp_d[s*WW +: WW] == exit_warp_i) last_valid_d[s] = 1'b0;
    end
  end

  wire [W-1:0] issuable = mine_i & can_issue_i;
  assign ready_o = {|(issuable & finished_tb_i), |(issuable & barrier_tb_i), {3{|issuable}}};

  // The warps the action orders, and those not yet read out.
  reg  [W-1:0] ordered;
  always @* begin
    case (action_i)
      GTO, YOUNGEST:    ordered = mine_i & live_i;
      LRR:              ordered = mine_i;
      YOUNGEST_BARRIER: ordered = mine_i & live_i & barrier_tb_i;
      YOUNGEST_FINISH:  ordered = mine_i & live_i & finished_tb_i;
      default:          ordered = {W{1'b0}};
    endcase
  end
  wire [W-1:0] members = ordered & ~skip_i;

  // By age: the oldest member for GTO, the youngest for the others.
  wire          youngest = action_i != GTO;
  reg           aged_valid;
  reg  [WW-1:0] aged;
  reg  [KW-1:0] best_age;
  integer w;
  always @* begin
    aged_valid = 1'b0;
    aged       = {WW{1'b0}};
    best_age   = {KW{1'b0}};
    for (w = 0; w < W; w = w + 1) begin
      if (members[w] && (!aged_valid || (youngest ? age_i[w*KW +: KW] > best_age : age_i[w*KW +: KW] < best_age))) begin
        aged_valid = 1'b1;
        aged       = w[WW-1:0];
        best_age   = age_i[w*KW +: KW];
      end
    end
  end

  // Round robin: the lowest member above the last issued warp, else the
  // lowest. As masks: the members above it, the lowest set bit of those
  // (else of all) isolated by x & -x, and its index encoded bit by bit.
  // The same choice as a priority chain over the W slots, and the Verilated
  // model computes it in a few word operations instead of W branches.
  wire [WW-1:0] own_last  = last_warp_q[sched_i*WW +: WW];
  wire          own_valid = last_valid_q[sched_i];
  wire [W-1:0]  one       = {{(W-1){1'b0}}, 1'b1};
  wire [W-1:0]  up_to     = ((one << own_last) << 1) - one;  // slots 0 .. own_last
  wire [W-1:0]  later     = own_valid ? members & ~up_to : members;
  wire [W-1:0]  rr_pool   = later != {W{1'b0}} ? later : members;
  wire [W-1:0]  rr_first  = rr_pool & (~rr_pool + one);
  wire [WW-1:0] rr_pick;

  // The slots whose index has bit k set.
  function [W-1:0] index_bit(input integer k);
    integer v;
    begin
      for (v = 0; v < W; v = v + 1) index_bit[v] = (v >> k) % 2 == 1;
    end
  endfunction

  genvar k;
  generate
    for (k = 0; k < WW; k = k + 1) begin : g_rr_index
      localparam [W-1:0] HAS_K = index_bit(k);
      assign rr_pick[k] = |(rr_first & HAS_K);
    end
  endgenerate

  // GTO's greedy first: the last issued warp while it is live.
  wire greedy_live = action_i == GTO && own_valid && live_i[own_last];
  wire greedy      = greedy_live && !skip_i[own_last];
  assign order_o   = ordered | ({{(W-1){1'b0}}, greedy_live} << own_last);
  always @* begin
    if (action_i == LRR) begin
      pick_valid_o = members != {W{1'b0}};
      pick_o       = rr_pick;
    end else if (greedy) begin
      pick_valid_o = 1'b1;
      pick_o       = own_last;
    end else begin
      pick_valid_o = aged_valid;
      pick_o       = aged;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      last_warp_q  <= {S*WW{1'b0}};
      last_valid_q <= {S{1'b0}};
    end else if (restart_i) begin
      last_warp_q  <= {S*WW{1'b0}};
      last_valid_q <= {S{1'b0}};
    end else begin
      last_warp_q  <= last_warp_d;
      last_valid_q <= last_valid_d;
    end
  end

  assign last_warp_o  = last_warp_q;
  assign last_valid_o = last_valid_q;

endmodule
