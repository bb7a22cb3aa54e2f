// One warp's instruction buffer: decoded instructions fetched sequentially
// from the warp's fetch position. Execute-at-issue tells the true next
// position right after an instruction issues; when it is not the one the
// buffer (or, if empty, the fetch position) expects, the warp's stream was
// redirected (taken branch, call, return, divergence): the buffer is flushed
// and fetch restarts there (GPGPU-Sim 3.x's control-hazard handling).
#pragma once

#include <cstdint>

#include "sc_model/common/fixed_ring.h"
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

  uint32_t size() const { return ring_.size(); }
  uint32_t room() const { return ring_.room(); }
  bool empty() const { return ring_.empty(); }
  const IBufferEntry& head() const { return ring_.front(); }
  void push(const IBufferEntry& entry) { ring_.push_back(entry); }  // only when room() > 0
  void pop() { ring_.pop_front(); }                                 // only when !empty()
  void flush() { ring_.clear(); }

  // Where the stream continues: the head, or `fetch` when the buffer is empty.
  CodePos expected_next(CodePos fetch) const { return empty() ? fetch : head().pos; }
  // The flush rule: true when the stream must be redirected to `actual`.
  bool redirected(CodePos fetch, CodePos actual) const { return expected_next(fetch) != actual; }

 private:
  FixedRing<IBufferEntry> ring_;
};

}  // namespace scwarp::sm
