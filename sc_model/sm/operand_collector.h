// The operand collector and register-file banks between issue and the
// execution units: GPGPU-Sim's opndcoll_rfu_t with SM2_GTX480's shape (no
// sub-core model). Three collector sets, SP, SFU and MEM, each with an issue
// register in front (ID_OC, -gpgpu_pipeline_widths), collector units
// (-gpgpu_operand_collector_num_units_*), in ports (instructions moved from
// ID_OC into free collector units per cycle), out ports (GPGPU-Sim's
// dispatch units: collected instructions moved into the OC_EX register per
// cycle) and the OC_EX register, from which each execution unit of the kind
// takes one instruction per cycle when it can accept.
//
// Issue puts an instruction into the ID_OC slot of its unit type; issue
// stalls (structurally) when that register is full. A collector unit takes
// it and queues one read per source register at the register's bank,
// (register index + hardware warp slot) % -gpgpu_num_reg_banks (GPGPU-Sim
// 4.x's register_bank). Each bank serves the oldest read queued at it per
// collector step, so two sources in one bank take two steps: a bank
// conflict. A register written back in a cycle takes its bank first: that
// bank serves no read in the cycle's first step (GPGPU-Sim's write priority).
// One cycle first moves OC_EX entries into their units (GPGPU-Sim's
// execute), then runs -gpgpu_reg_file_port_throughput steps of GPGPU-Sim's
// order: move collected units to OC_EX, read the banks, move ID_OC entries
// into free units (whose reads start next step).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <systemc>

#include "sc_model/common/bit_set.h"
#include "sc_model/common/fixed_ring.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/sm/stage_ports.h"
#include "sc_model/stats/counters.h"

namespace scwarp::sm {

class OperandCollector : public sc_core::sc_module, public DispatchIf {
 public:
  sc_core::sc_export<DispatchIf> in;  // the issue stage's dispatch port binds here
  sc_core::sc_port<DispatchIf> out;   // bound to the execution units

  OperandCollector(sc_core::sc_module_name name, const config::GpuConfig& cfg,
                   stats::OperandCollectorCounters& counters);

  // Issue side: an ID_OC slot of the unit's type is free.
  bool can_accept(ExecUnitKind unit, uint64_t cycle) const override;
  void dispatch(const func::ExecRecord& rec, uint32_t warp, bool long_latency, ExecUnitKind unit,
                uint64_t cycle) override;

  // Results written back at `cycle` (before this cycle's tick): their banks
  // are busy with the write for the cycle's first step.
  // `rf_row`: ExecRecord::rf_row of the instruction that wrote them.
  void write_registers(uint32_t warp, uint32_t rf_row, std::span<const uint32_t> regs, uint64_t cycle);
  // One cycle (OC_EX to the units, then reg_file_port_throughput collector
  // steps); true if an instruction entered its execution unit.
  bool tick(uint64_t cycle);
  // Holds an instruction: it may move on in any later cycle, so the SM
  // must not sleep (next_event is "every cycle" while busy).
  bool busy() const { return held_ != 0; }

 private:
  struct Entry {
    func::ExecRecord rec;
    uint32_t warp = 0;
    bool long_latency = false;
  };
  struct CollectorUnit {
    uint32_t entry = 0;          // index into CollectorSet::entries while the unit is busy
    uint32_t reads_missing = 0;  // its source reads not yet served
  };
  struct CollectorSet {
    ExecUnitKind unit = ExecUnitKind::Sp;
    config::CollectorSet shape;
    uint32_t exec_units = 1;               // execution units of the kind: each takes one OC_EX entry per cycle
    std::vector<Entry> entries;            // ID_OC width + units + OC_EX width, reused
    std::vector<uint32_t> free_entries;
    FixedRing<uint32_t> id_oc;             // entry indices in issue order; capacity: the register's width
    std::vector<CollectorUnit> units;      // at most config::CollectorSet::kMaxUnits
    FixedRing<uint32_t> oc_ex;             // entry indices in dispatch order; capacity: the register's width
    // Bit u: collector unit u holds an instruction / holds one with every
    // operand read. The searches for a free unit and for the next collected
    // one (round robin) are bit scans, not loops over the units.
    uint64_t busy = 0, collected = 0;
    uint32_t last_dispatched = 0;          // round robin of the dispatch units
  };
  // A source register waiting for its bank.
  struct ReadRequest {
    uint16_t set = 0, unit = 0;
  };
  // Every bank's FIFO of reads in one array, `capacity` slots per bank (a
  // power of two, doubled for all banks when one is full: a few times while
  // warming up, never per cycle), so a step's reads stay on a few cache
  // lines instead of one heap block per bank.
  class BankQueues {
   public:
    explicit BankQueues(size_t banks) : rings_(banks) {}
    size_t banks() const { return rings_.size(); }
    uint32_t size(size_t b) const { return rings_[b].size; }
    void push(size_t b, ReadRequest r) {
      Ring& ring = rings_[b];
      if (ring.size == capacity_) grow();
      slots_[b * capacity_ + ((ring.head + ring.size) & (capacity_ - 1))] = r;
      ++ring.size;
    }
    ReadRequest pop(size_t b) {
      Ring& ring = rings_[b];
      const ReadRequest r = slots_[b * capacity_ + ring.head];
      ring.head = (ring.head + 1) & (capacity_ - 1);
      --ring.size;
      return r;
    }

   private:
    struct Ring {
      uint32_t head = 0, size = 0;
    };
    void grow();
    std::vector<ReadRequest> slots_;  // bank b's ring: [b * capacity_, (b + 1) * capacity_)
    std::vector<Ring> rings_;
    uint32_t capacity_ = 0;
  };

  bool execute(uint64_t cycle);
  void step(uint64_t cycle, bool first);
  void dispatch_ready();
  void read_banks(uint64_t cycle, bool first);
  void allocate_units();
  void start_reads(uint16_t set, uint16_t unit);
  void collect(uint16_t set, uint32_t unit);  // every operand of the unit's instruction read
  CollectorSet& set_for(ExecUnitKind unit);
  const CollectorSet& set_for(ExecUnitKind unit) const;

  const config::GpuConfig& cfg_;
  stats::OperandCollectorCounters& counters_;
  std::vector<CollectorSet> sets_;  // SP, SFU, MEM (ExecUnitKind order)
  BankQueues banks_;
  BitSet queued_banks_;               // banks with a read queued: the ones a step looks at
  std::vector<uint64_t> written_at_;  // per bank: the last cycle a register of it was written
  // The bank of register `reg` of warp slot `warp`, register-file row
  // `rf_row`: a large warp's rows are laid out as consecutive warps'.
  size_t bank_of(uint32_t reg, uint32_t warp, uint32_t rf_row) const {
    const size_t row = reg + warp * rows_per_warp_ + rf_row;
    return bank_mask_ ? row & bank_mask_ : row % banks_.banks();  // a mask for 2^k banks, no division
  }
  size_t bank_mask_ = 0;            // banks - 1 when a power of two, else 0
  uint32_t rows_per_warp_ = 1;      // cfg.large_warp_rows()
  uint32_t held_ = 0;               // instructions in ID_OC, a collector unit or OC_EX
  // Bit s: set s has an instruction in ID_OC / a collected unit / an
  // instruction in OC_EX. A step visits only the sets with something to
  // move, without reading the others' cache lines.
  uint32_t sets_in_id_oc_ = 0, sets_collected_ = 0, sets_in_oc_ex_ = 0;
  uint32_t queued_reads_ = 0;       // over all banks
};

}  // namespace scwarp::sm
