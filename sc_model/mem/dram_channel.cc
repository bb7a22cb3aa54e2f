#include "sc_model/mem/dram_channel.h"

#include <algorithm>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "sc_model/common/error.h"

namespace scwarp::mem {

namespace {
uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t khz_of(double mhz, const char* what) {
  if (!(mhz > 0)) throw Error(std::string("DRAM channel: the ") + what + " clock must be positive (-gpgpu_clock_domains)");
  return uint64_t(std::llround(mhz * 1000.0));
}
}  // namespace

uint32_t dram_burst_cycles(const config::GpuConfig& cfg, uint32_t bytes) {
  uint64_t burst_bytes = uint64_t(cfg.dram_bus_bytes) * cfg.dram_chips_per_channel * cfg.dram_burst;
  uint64_t bursts = std::max<uint64_t>(1, ceil_div(bytes, burst_bytes));
  return uint32_t(ceil_div(bursts * cfg.dram_burst, cfg.dram_data_ratio));
}

DramChannel::DramChannel(sc_core::sc_module_name name, const config::GpuConfig& cfg, uint32_t channel)
    : ClockedModule(name, cfg.skip_idle),
      from_l2("from_l2"),
      cfg_(cfg),
      channel_(channel),
      map_(cfg),
      dram_khz_(khz_of(cfg.dram_mhz, "DRAM")),
      core_khz_(khz_of(cfg.core_mhz, "core")),
      queue_(cfg.dram_queue, cfg.dram_scheduler != 0),
      in_service_(cfg.dram.banks),
      held_(cfg.sub_partitions_per_channel),
      response_free_at_(cfg.sub_partitions_per_channel, 0),
      ready_replies_(cfg.sub_partitions_per_channel) {
  if (cfg.dram_bus_bytes == 0 || cfg.dram_chips_per_channel == 0 || cfg.dram_burst == 0 || cfg.dram_data_ratio == 0)
    throw Error("DRAM channel: bus width, chips per channel, burst length and data ratio must all be at least 1");
  banks_.assign(cfg.dram.banks, DramBank(cfg.dram, dram_burst_cycles(cfg, 128)));
  groups_.assign(cfg.dram.bank_groups, BankGroup{});
  from_l2.register_nb_transport_fw(this, &DramChannel::nb_transport_fw);
}

void DramChannel::end_of_elaboration() {
  if (from_l2.size() != held_.size())
    throw Error(std::string(name()) + ": bound to " + std::to_string(from_l2.size()) + " L2 slices, expected " +
                std::to_string(held_.size()) + " (-gpgpu_n_sub_partition_per_mchannel)");
}

tlm::tlm_sync_enum DramChannel::nb_transport_fw(int port, tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                                                sc_core::sc_time&) {
  uint64_t now = current_cycle();
  if (phase == tlm::BEGIN_REQ) {
    if (held_[port]) throw Error(std::string(name()) + ": BEGIN_REQ before END_REQ of the previous request");
    held_[port] = Held{&payload, now + 1};
  } else if (phase == tlm::END_RESP) {
    response_free_at_[port] = now + 1;
  } else {
    throw Error(std::string(name()) + ": unexpected TLM phase on the forward path");
  }
  wake_at(now + 1);
  return tlm::TLM_ACCEPTED;
}

uint64_t DramChannel::tick(uint64_t cycle) {
  accept_requests(cycle);
  uint64_t end = first_command_cycle(cycle + 1);
  for (uint64_t d = std::max(next_command_cycle_, first_command_cycle(cycle)); d < end; ++d)
    run_command_cycle(d, cycle);
  next_command_cycle_ = end;
  send_replies(cycle);
  return next_tick(cycle);
}

// Held requests enter the scheduler queue while it has room, ports taken
// round-robin; the rest keep waiting for END_REQ (backpressure on the L2).
void DramChannel::accept_requests(uint64_t cycle) {
  uint32_t ports = uint32_t(held_.size());
  bool refused = false;
  for (uint32_t i = 0; i < ports; ++i) {
    uint32_t port = (next_port_ + i) % ports;
    if (!held_[port] || held_[port]->visible_at > cycle) continue;
    if (queue_.full()) {
      refused = true;
      continue;
    }
    tlm::tlm_generic_payload& p = *held_[port]->payload;
    held_[port].reset();
    DramLocation loc = map_.locate(p.get_address());
    if (loc.channel != channel_)
      throw Error(fmt::format("{}: request for address {:#x} belongs to channel {}", name(), p.get_address(),
                              loc.channel));
    queue_.push(DramRequest{&p, port, loc.bank, loc.row, p.get_data_length(), p.is_write()});
    assign_needed_ = true;
    next_port_ = (port + 1) % ports;
    tlm::tlm_phase phase = tlm::END_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    from_l2[port]->nb_transport_bw(p, phase, delay);
  }
  if (refused) ++counters_.queue_full_cycles;
}

void DramChannel::run_command_cycle(uint64_t dram_cycle, uint64_t core_cycle) {
  if (assign_needed_) assign_banks();
  if (busy_banks_ == 0) return;
  uint32_t banks = uint32_t(banks_.size());
  for (uint32_t i = 0; i < banks; ++i) {
    uint32_t bank = (next_bank_ + i) % banks;
    if (in_service_[bank] && try_issue(bank, dram_cycle, core_cycle)) {
      next_bank_ = (bank + 1) % banks;
      return;
    }
  }
}

// Every free bank takes the request the scheduler picks for it; FIFO may
// free the way for a bank already visited, hence the repeat.
void DramChannel::assign_banks() {
  assign_needed_ = false;
  bool progress = true;
  while (progress && !queue_.empty() && busy_banks_ < banks_.size()) {
    progress = false;
    for (uint32_t bank = 0; bank < banks_.size(); ++bank) {
      if (in_service_[bank] || queue_.waiting_for(bank) == 0) continue;
      if (auto request = queue_.take_for_bank(bank, banks_[bank].open_row())) {
        in_service_[bank] = InService{*request, false};
        ++busy_banks_;
        progress = true;
      }
    }
  }
}

// The one command the bank's request needs next: PRE a different open row,
// ACT a closed bank, or RD/WR the open row.
bool DramChannel::try_issue(uint32_t bank_index, uint64_t dram_cycle, uint64_t core_cycle) {
  InService& service = *in_service_[bank_index];
  DramBank& bank = banks_[bank_index];
  std::optional<uint32_t> row = bank.open_row();
  if (row && *row == service.request.row) return try_column(bank_index, dram_cycle, core_cycle);
  if (row) {
    if (!bank.can_precharge(dram_cycle) || dram_cycle < group(bank_index).precharge_at) return false;
    bank.precharge(dram_cycle);
    ++counters_.precharges;
    return true;
  }
  if (!bank.can_activate(dram_cycle) || dram_cycle < activate_at_) return false;
  bank.activate(service.request.row, dram_cycle);
  service.activated = true;
  activate_at_ = dram_cycle + cfg_.dram.tRRD;
  ++counters_.activates;
  return true;
}

bool DramChannel::try_column(uint32_t bank_index, uint64_t dram_cycle, uint64_t core_cycle) {
  InService& service = *in_service_[bank_index];
  DramBank& bank = banks_[bank_index];
  bool write = service.request.write;
  uint64_t data_start = dram_cycle + (write ? cfg_.dram.WL : cfg_.dram.CL);
  BankGroup& grp = group(bank_index);
  if (!bank.can_access(dram_cycle) || dram_cycle < column_at_ || dram_cycle < grp.column_at ||
      data_start < bus_free_at_)
    return false;
  if (dram_cycle < (write ? write_at_ : read_at_)) return false;
  uint32_t burst = dram_burst_cycles(cfg_, service.request.bytes);
  if (write) {
    bank.write(dram_cycle);
    ++counters_.writes;
  } else {
    bank.read(dram_cycle);
    ++counters_.reads;
  }
  ++(service.activated ? counters_.row_misses : counters_.row_hits);
  column_at_ = dram_cycle + cfg_.dram.tCCD;
  grp.column_at = dram_cycle + cfg_.dram.tCCDL;
  if (!write) grp.precharge_at = dram_cycle + cfg_.dram.tRTPL;
  bus_free_at_ = data_start + burst;
  if (write) {
    read_at_ = bus_free_at_ + cfg_.dram.tCDLR;
  } else {  // a write's data (WL after its command) must start kBusTurnaround after this read's
    uint64_t turned = bus_free_at_ + kBusTurnaround;
    write_at_ = turned > cfg_.dram.WL ? turned - cfg_.dram.WL : 0;
  }
  busy_command_cycles_ += burst;
  uint64_t done = core_cycle_at(bus_free_at_) + (write ? 0 : cfg_.dram_latency);
  replies_.push(Reply{service.request.payload, service.request.port}, std::max(done, core_cycle + 1));
  in_service_[bank_index].reset();
  --busy_banks_;
  assign_needed_ = true;
  return true;
}

// Each port has one response in flight at a time (AT exclusion rule); the
// L2 normally completes it in the call.
void DramChannel::send_replies(uint64_t cycle) {
  while (replies_.ready(cycle)) {
    Reply r = replies_.pop();
    ready_replies_[r.port].push_back(r.payload);
    ++ready_reply_count_;
  }
  for (uint32_t port = 0; port < ready_replies_.size(); ++port) {
    auto& pending = ready_replies_[port];
    if (pending.empty() || response_free_at_[port] > cycle) continue;
    tlm::tlm_generic_payload& p = *pending.front();
    pending.pop_front();
    --ready_reply_count_;
    p.set_response_status(tlm::TLM_OK_RESPONSE);
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    tlm::tlm_sync_enum status = from_l2[port]->nb_transport_bw(p, phase, delay);
    bool completed = status == tlm::TLM_COMPLETED || (status == tlm::TLM_UPDATED && phase == tlm::END_RESP);
    response_free_at_[port] = completed ? cycle + 1 : kIdle;
  }
}

bool DramChannel::holding() const {
  return std::any_of(held_.begin(), held_.end(), [](const auto& h) { return h.has_value(); });
}

uint64_t DramChannel::next_tick(uint64_t cycle) const {
  if (holding() || !queue_.empty() || busy_banks_ > 0 || ready_reply_count_ > 0) return cycle + 1;
  return replies_.empty() ? kIdle : replies_.next_ready();
}

bool DramChannel::idle() const {
  bool responding = std::any_of(response_free_at_.begin(), response_free_at_.end(), [](uint64_t f) { return f == kIdle; });
  return !holding() && !responding && queue_.empty() && busy_banks_ == 0 && ready_reply_count_ == 0 && replies_.empty();
}

stats::DramCounters DramChannel::counters() const {
  stats::DramCounters c = counters_;
  c.busy_cycles = (busy_command_cycles_ * core_khz_ + dram_khz_ / 2) / dram_khz_;
  return c;
}

uint64_t DramChannel::first_command_cycle(uint64_t core_cycle) const {
  return ceil_div(core_cycle * dram_khz_, core_khz_);
}

uint64_t DramChannel::core_cycle_at(uint64_t dram_cycle) const { return ceil_div(dram_cycle * core_khz_, dram_khz_); }

}  // namespace scwarp::mem
