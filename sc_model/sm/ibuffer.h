// One warp's instruction buffer: decoded instructions fetched sequentially
// from the warp's fetch position. Execute-at-issue tells the true next
// position right after an instruction issues; when it is not the one the
// buffer (or, if empty, the fetch position) expects, the warp's stream was
// redirected (taken branch, call, return, divergence): the buffer is flushed
// and fetch restarts there (GPGPU-Sim 3.x's control-hazard handling).
#pragma once

#include <cstdint>
#include <vector>

#include "sc_model/ptx/ir.h"

namespace scwarp::sm {

// An instruction's place in the module: function index and instruction index.
struct CodePos {
  uint32_t function = 0;
  uint32_t pc = 0;
  bool operator==(const CodePos&) const = default;
};

struct IBufferEntry {
  CodePos pos;
  const ptx::Instr* instr = nullptr;
};

class IBuffer {
 public:
  explicit IBuffer(uint32_t capacity);

  uint32_t size() const { return count_; }
  uint32_t room() const { return uint32_t(slots_.size()) - count_; }
  bool empty() const { return count_ == 0; }
  const IBufferEntry& head() const { return slots_[head_]; }
  // Inline, and wrapping by a compare rather than a division: every fetched
  // and every issued instruction passes through here.
  void push(const IBufferEntry& entry) {  // only when room() > 0
    const uint32_t at = head_ + count_;   // < 2 * capacity
    slots_[at < slots_.size() ? at : at - slots_.size()] = entry;
    ++count_;
  }
  void pop() {  // only when !empty()
    head_ = head_ + 1 == slots_.size() ? 0 : head_ + 1;
    --count_;
  }
  void flush() { head_ = count_ = 0; }

  // Where the stream continues: the head, or `fetch` when the buffer is empty.
  CodePos expected_next(CodePos fetch) const { return empty() ? fetch : head().pos; }
  // The flush rule: true when the stream must be redirected to `actual`.
  bool redirected(CodePos fetch, CodePos actual) const { return expected_next(fetch) != actual; }

 private:
  std::vector<IBufferEntry> slots_;  // a ring of fixed capacity
  uint32_t head_ = 0, count_ = 0;
};

}  // namespace scwarp::sm
