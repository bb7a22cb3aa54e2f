// One DRAM channel (GPGPU-Sim's dram_t): requests from its L2 slices wait in
// an FR-FCFS queue, each bank serves one at a time, and at most one DRAM
// command (ACT, PRE, RD, WR) is issued per DRAM command cycle, respecting
// the bank timings (DramBank) and the channel-wide ones (tRRD, tCCD, tCDLR,
// the shared data bus).
//
// Clocks: the unit ticks on core cycles, like every unit, and in each tick
// steps its DRAM command clock through the command cycles that begin in that
// core cycle (1 or 2 at 924 MHz DRAM / 700 MHz core), so every DRAM timing
// stays exact in command cycles instead of being rounded up per command.
// Replies go back when the data's last beat has left the bus, rounded up to
// a core cycle, plus cfg.dram_latency core cycles for reads (GPGPU-Sim's
// dram_latency); writes are acknowledged when their data is written.
//
// TLM: from_l2 is bound once per sub-partition of the channel, in slice
// order; the socket index is where the reply goes.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>

#include "sc_model/common/clocked_module.h"
#include "sc_model/common/delay_queue.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/mem/address_map.h"
#include "sc_model/mem/dram_bank.h"
#include "sc_model/mem/frfcfs_queue.h"
#include "sc_model/stats/counters.h"

namespace scwarp::mem {

// Command cycles a column access of `bytes` occupies the data bus: whole
// bursts of burst_length beats, each beat bus_bytes x chips wide, at
// data_ratio beats per command cycle. GTX480: 128 B = 2 bursts x 8 beats / 4 = 4.
uint32_t dram_burst_cycles(const config::GpuConfig& cfg, uint32_t bytes);

class DramChannel : public ClockedModule {
 public:
  // Idle data-bus cycles between a read's last beat and a write's first
  // (GPGPU-Sim's read-to-write delay tRTW = CL + BL/ratio + 2 - WL).
  static constexpr uint32_t kBusTurnaround = 2;

  tlm_utils::multi_passthrough_target_socket<DramChannel> from_l2;

  DramChannel(sc_core::sc_module_name name, const config::GpuConfig& cfg, uint32_t channel);

  // Counters so far; busy_cycles converted from command cycles to core cycles.
  stats::DramCounters counters() const;
  bool idle() const;

 private:
  struct Held {  // a BEGIN_REQ not yet answered with END_REQ (one per port)
    tlm::tlm_generic_payload* payload = nullptr;
    uint64_t visible_at = 0;
  };
  struct Reply {
    tlm::tlm_generic_payload* payload;
    uint32_t port;
  };
  struct InService {  // the request a bank is working on
    DramRequest request;
    bool activated = false;  // this request needed its own ACT: a row miss
  };

  tlm::tlm_sync_enum nb_transport_fw(int port, tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay);
  void end_of_elaboration() override;
  uint64_t tick(uint64_t cycle) override;

  void accept_requests(uint64_t cycle);
  void run_command_cycle(uint64_t dram_cycle, uint64_t core_cycle);
  void assign_banks();
  bool try_issue(uint32_t bank, uint64_t dram_cycle, uint64_t core_cycle);
  bool try_column(uint32_t bank, uint64_t dram_cycle, uint64_t core_cycle);
  void send_replies(uint64_t cycle);
  uint64_t next_tick(uint64_t cycle) const;
  bool holding() const;  // a BEGIN_REQ waits for END_REQ on some port
  // Command-clock cycle that begins at or after core cycle `core_cycle` begins.
  uint64_t first_command_cycle(uint64_t core_cycle) const;
  // Core cycle that begins at or after command cycle `dram_cycle` begins.
  uint64_t core_cycle_at(uint64_t dram_cycle) const;

  const config::GpuConfig cfg_;
  const uint32_t channel_;
  const AddressMap map_;
  const uint64_t dram_khz_, core_khz_;
  FrFcfsQueue queue_;
  std::vector<DramBank> banks_;
  std::vector<std::optional<InService>> in_service_;
  uint32_t busy_banks_ = 0;
  bool assign_needed_ = false;
  uint32_t next_bank_ = 0;         // round-robin start of command issue
  uint32_t next_port_ = 0;         // round-robin start of request acceptance
  uint64_t next_command_cycle_ = 0;
  uint64_t activate_at_ = 0;       // tRRD: any bank
  uint64_t column_at_ = 0;         // tCCD
  // GDDR5 bank groups (bank b in group b % nbkgrp): tCCDL between column
  // commands of a group, tRTPL from a read to a precharge in its group.
  struct BankGroup {
    uint64_t column_at = 0, precharge_at = 0;
  };
  std::vector<BankGroup> groups_;
  BankGroup& group(uint32_t bank) { return groups_[bank % groups_.size()]; }
  uint64_t read_at_ = 0;           // tCDLR after the last write's data
  uint64_t write_at_ = 0;          // bus turnaround after the last read's data
  uint64_t bus_free_at_ = 0;       // data bus
  uint64_t busy_command_cycles_ = 0;
  std::vector<std::optional<Held>> held_;
  std::vector<uint64_t> response_free_at_;  // kIdle while a BEGIN_RESP awaits its END_RESP
  DelayQueue<Reply> replies_;
  std::vector<std::deque<tlm::tlm_generic_payload*>> ready_replies_;  // per port, in order
  uint32_t ready_reply_count_ = 0;
  stats::DramCounters counters_;
};

}  // namespace scwarp::mem
