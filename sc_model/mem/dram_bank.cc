#include "sc_model/mem/dram_bank.h"

#include "sc_model/common/error.h"

namespace scwarp::mem {

DramBank::DramBank(const config::DramTiming& timing, uint32_t burst_cycles) : t_(timing), burst_(burst_cycles) {}

void DramBank::activate(uint32_t row, uint64_t cycle) {
  if (!can_activate(cycle)) throw Error("DRAM bank: ACT issued before the bank was ready");
  open_row_ = row;
  access_at_ = cycle + t_.tRCD;
  precharge_at_ = cycle + t_.tRAS;
  activate_at_ = cycle + t_.tRC;  // also needs a PRE first (open_row_ set)
}

void DramBank::precharge(uint64_t cycle) {
  if (!can_precharge(cycle)) throw Error("DRAM bank: PRE issued before the bank was ready");
  open_row_.reset();
  not_before(activate_at_, cycle + t_.tRP);
}

void DramBank::read(uint64_t cycle) {
  if (!can_access(cycle)) throw Error("DRAM bank: RD issued before the bank was ready");
  not_before(precharge_at_, cycle + burst_);  // read to precharge: the burst must leave the row buffer
}

void DramBank::write(uint64_t cycle) {
  if (!can_access(cycle)) throw Error("DRAM bank: WR issued before the bank was ready");
  not_before(precharge_at_, cycle + t_.WL + burst_ + t_.tWR);  // write recovery after the last data beat
}

}  // namespace scwarp::mem
