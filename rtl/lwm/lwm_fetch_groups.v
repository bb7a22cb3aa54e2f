// Seed 002's two-level round-robin fetch (Sec. 3.2-3.3), the fetch side's one
// SM-wide set of groups: the W warp slots in fixed groups of G consecutive
// slots, the prioritised group served first, round robin inside each group
// from the slot after the one fetched last, the other groups in round-robin
// order after it. The priority moves to the next group when every warp of it
// waits long, or after TIMEOUT fetches from it (Sec. 3.3's timeout; 0: none).
// Golden model: sched::TwoLevelFetchPolicy over sched::FetchGroups with one
// scheduler, fetch width 1. The paper counts no storage for it ("a simple
// logic block"); the group pointer, the timeout counter and the per-group
// last-fetched slots below are what it takes.
//
// Per cycle: choose_i is high when the fetch stage asks (some warp is
// fetchable; FetchUnit calls choose() only then), and the priority moves
// first (FetchGroups::update); choice_o is the first fetchable warp in that
// order. fetch_i reports the slot actually fetched (on_fetch), at the edge.
module lwm_fetch_groups #(
  parameter integer W       = 4,                          // warp slots (large warps) per SM
  parameter integer G       = 1,                          // warps per fetch group
  parameter integer TIMEOUT = 32768,                      // fetches before the priority moves; 0: never
  parameter integer TOW     = 16,                         // timeout counter width: holds TIMEOUT
  parameter integer NG      = (W + G - 1) / G,            // derived: groups, do not override
  parameter integer WW      = (W > 1) ? $clog2(W) : 1,    // derived: warp slot index width, do not override
  parameter integer GW      = (NG > 1) ? $clog2(NG) : 1   // derived: group index width, do not override
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          choose_i,      // the fetch stage chooses this cycle
  input  wire [W-1:0]  fetchable_i,   // candidate slots
  input  wire [W-1:0]  waits_long_i,  // slot's warp waits long (sched::waits_long; empty slots too)
  input  wire          fetch_i,       // a fetch started ...
  input  wire [WW-1:0] fetch_warp_i,  // ... for this slot
  output reg           choice_valid_o,
  output reg  [WW-1:0] choice_o,
  output wire [GW-1:0] active_group_o // the prioritised group this cycle
);

  reg [GW-1:0]    active_q, active_d;
  reg [TOW-1:0]   served_q, served_d;   // fetches from the prioritised group since it got priority
  reg [NG*WW-1:0] last_q, last_d;       // per group: the slot fetched last ...
  reg [NG-1:0]    last_valid_q, last_valid_d;  // ... if any since reset

  // Group g holds slots g*G .. g*G+G-1 that exist.
  reg [NG*G-1:0] waits_long_padded, fetchable_padded;  // the last group's missing slots wait, never fetch
  always @* begin
    waits_long_padded          = {NG*G{1'b1}};
    fetchable_padded           = {NG*G{1'b0}};
    waits_long_padded[W-1:0]   = waits_long_i;
    fetchable_padded[W-1:0]    = fetchable_i;
  end
  wire            timed_out = (TIMEOUT != 0) && ({{(32-TOW){1'b0}}, served_q} >= TIMEOUT);
  wire            stalled   = &waits_long_padded[active_q*G +: G];
  wire            move      = choose_i && (timed_out || stalled);
  wire [GW-1:0]   active    = !move ? active_q : (active_q == NG[GW-1:0] - 1'b1) ? {GW{1'b0}} : active_q + 1'b1;

  // Round robin inside group g: the first fetchable slot after its last
  // fetched one, else the first fetchable slot of the group.
  reg          pick_valid [0:NG-1];
  reg [WW-1:0] pick [0:NG-1];
  integer g, i, slot, last;
  always @* begin
    for (g = 0; g < NG; g = g + 1) begin
      pick_valid[g] = 1'b0;
      pick[g]       = {WW{1'b0}};
      last = last_valid_q[g] ? {{(32-WW){1'b0}}, last_q[g*WW +: WW]} : -1;
      // Descending, so the first match in round-robin order is written last.
      for (i = G - 1; i >= 0; i = i - 1) begin
        slot = g * G + i;
        if (fetchable_padded[slot] && slot <= last) begin
          pick_valid[g] = 1'b1;
          pick[g]       = slot[WW-1:0];
        end
      end
      for (i = G - 1; i >= 0; i = i - 1) begin
        slot = g * G + i;
        if (fetchable_padded[slot] && slot > last) begin
          pick_valid[g] = 1'b1;
          pick[g]       = slot[WW-1:0];
        end
      end
    end
  end

  // The prioritised group first, then the others in order after it.
  integer k;
  always @* begin
    choice_valid_o = 1'b0;
    choice_o       = {WW{1'b0}};
    for (k = NG - 1; k >= 0; k = k - 1) begin
      if (pick_valid[({{(32-GW){1'b0}}, active} + k) % NG]) begin
        choice_valid_o = 1'b1;
        choice_o       = pick[({{(32-GW){1'b0}}, active} + k) % NG];
      end
    end
  end

  wire [31:0] fetch_group = {{(32-WW){1'b0}}, fetch_warp_i} / G;
  always @* begin
    active_d     = active;
    served_d     = move ? {TOW{1'b0}} : served_q;
    last_d       = last_q;
    last_valid_d = last_valid_q;
    if (fetch_i) begin
      last_d[fetch_group*WW +: WW]  = fetch_warp_i;
      last_valid_d[fetch_group]     = 1'b1;
      // Counts up to the timeout and stays there until the priority moves.
      if (fetch_group == {{(32-GW){1'b0}}, active} && !(&served_d)) served_d = served_d + 1'b1;
    end
  end

  assign active_group_o = active;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      active_q     <= {GW{1'b0}};
      served_q     <= {TOW{1'b0}};
      last_q       <= {NG*WW{1'b0}};
      last_valid_q <= {NG{1'b0}};
    end else begin
      active_q     <= active_d;
      served_q     <= served_d;
      last_q       <= last_d;
      last_valid_q <= last_valid_d;
    end
  end

endmodule
