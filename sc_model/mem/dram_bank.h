// One DRAM bank's state: its open row and the earliest command-clock cycle
// at which each command may next be issued to it (GPGPU-Sim's bank_t with
// its RCDc/RASc/RPc/RCc/WTPc/RTPc counters, kept as deadlines instead of
// down-counters so an idle bank costs nothing). All cycles are DRAM command
// cycles; the channel converts to core cycles. Pure logic.
#pragma once

#include <cstdint>
#include <optional>

#include "sc_model/config/gpu_config.h"

namespace scwarp::mem {

class DramBank {
 public:
  // burst_cycles: command cycles one column access keeps the data bus busy.
  DramBank(const config::DramTiming& timing, uint32_t burst_cycles);

  std::optional<uint32_t> open_row() const { return open_row_; }

  // ACT: the bank is precharged (no open row), tRP after PRE, tRC after the last ACT.
  bool can_activate(uint64_t cycle) const { return !open_row_ && cycle >= activate_at_; }
  void activate(uint32_t row, uint64_t cycle);
  // PRE: a row is open, tRAS after ACT, the last read's burst out, tWR after the last write's data.
  bool can_precharge(uint64_t cycle) const { return open_row_ && cycle >= precharge_at_; }
  void precharge(uint64_t cycle);
  // RD/WR to the open row: tRCD after ACT (channel-wide limits are the channel's).
  bool can_access(uint64_t cycle) const { return open_row_ && cycle >= access_at_; }
  void read(uint64_t cycle);
  void write(uint64_t cycle);

 private:
  void not_before(uint64_t& deadline, uint64_t cycle) { deadline = deadline > cycle ? deadline : cycle; }

  config::DramTiming t_;
  uint32_t burst_;
  std::optional<uint32_t> open_row_;
  uint64_t activate_at_ = 0, precharge_at_ = 0, access_at_ = 0;
};

}  // namespace scwarp::mem
