// Frame slots shared by registers whose live ranges never meet
// (ptx::assign_register_slots): checked on small kernels whose answer is
// known, and on every function of the committed PTX against a liveness
// computed here independently, instruction by instruction.
#include "sc_model/ptx/register_slots.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "sc_model/ptx/register_use.h"
#include "tests/ptx/ptx_test_util.h"

namespace scwarp::ptx::test {
namespace {

uint32_t reg_index(const Function& f, const std::string& name) {
  for (uint32_t r = 0; r < f.regs.size(); ++r)
    if (f.regs[r].name == name) return r;
  throw Error("no register " + name);
}

// The instructions a thread may run after instruction i (both ways of any
// branch; none after ret/exit/trap unless guarded).
std::vector<uint32_t> next_instructions(const Function& f, uint32_t i) {
  const Instr& in = f.code[i];
  const bool guarded = in.guard != kNoReg;
  std::vector<uint32_t> next;
  if (in.op == Opcode::Bra) next.push_back(in.ops[0].target);
  const bool ends = in.op == Opcode::Bra || in.op == Opcode::Ret || in.op == Opcode::Exit || in.op == Opcode::Trap;
  if ((!ends || guarded) && i + 1 < f.code.size()) next.push_back(i + 1);
  return next;
}

// Checks that no two registers an instruction touches, or that are live
// after it, share a slot: then no write to a slot can overwrite a value that
// is still to be read. Returns the first clash found, or "".
std::string first_clash(const Function& f, const RegisterSlots& slots) {
  const size_t n = f.code.size(), regs = f.regs.size();
  std::vector<std::vector<bool>> live_after(n, std::vector<bool>(regs, false));
  auto live_before = [&](uint32_t i) {
    const Instr& in = f.code[i];
    std::vector<bool> live = live_after[i];
    if (in.guard == kNoReg)
      for (uint32_t r : in.writes) live[r] = false;
    for (uint32_t r : in.reads) live[r] = true;
    return live;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t i = uint32_t(n); i-- > 0;)
      for (uint32_t s : next_instructions(f, i)) {
        const std::vector<bool> live = live_before(s);
        for (size_t r = 0; r < regs; ++r)
          if (live[r] && !live_after[i][r]) live_after[i][r] = changed = true;
      }
  }
  for (uint32_t i = 0; i < n; ++i) {
    std::vector<bool> touched = live_after[i];
    for (uint32_t r : f.code[i].reads) touched[r] = true;
    for (uint32_t r : f.code[i].writes) touched[r] = true;
    std::vector<int64_t> owner(slots.count, -1);
    for (uint32_t r = 0; r < regs; ++r) {
      if (!touched[r]) continue;
      if (slots.slot[r] >= slots.count) return f.regs[r].name + " has no slot";
      int64_t& o = owner[slots.slot[r]];
      if (o >= 0)
        return f.regs[size_t(o)].name + " and " + f.regs[r].name + " share a slot at instruction " +
               std::to_string(i) + " (" + f.code[i].text + ")";
      o = r;
    }
  }
  return "";
}

// Kernel `k` around `body` with its registers assigned to slots, checked
// clash-free; a[name] is the slot of register `name`.
struct Assigned {
  Module module;
  RegisterSlots slots;
  uint32_t operator[](const std::string& name) const {
    return slots.slot[reg_index(*module.find_function("k"), name)];
  }
};

Assigned assign(const std::string& body) {
  Assigned a{parse_text(wrap_kernel(body)), {}};
  const Function& k = *a.module.find_function("k");
  a.slots = assign_register_slots(k);
  EXPECT_EQ(first_clash(k, a.slots), "");
  return a;
}

TEST(RegisterSlots, AChainOfValuesReusesSlots) {
  const Assigned a = assign(
      "ld.param.u64 %rd1, [p0];\n"
      "mov.u32 %r1, 1;\n"
      "add.u32 %r2, %r1, 1;\n"
      "add.u32 %r3, %r2, 1;\n"
      "add.u32 %r4, %r3, 1;\n"
      "add.u32 %r5, %r4, 1;\n"
      "st.global.u32 [%rd1], %r5;\n"
      "ret;");
  // %rd1 lives throughout; each %rN only until the next is computed from it.
  EXPECT_LE(a.slots.count, 3u);
  EXPECT_EQ(a["%r1"], a["%r3"]);
}

TEST(RegisterSlots, AGuardedWriteDoesNotEndTheOldValue) {
  // %r2's lanes with %p1 false read the value %r2 held before: it is live
  // from the frame's start, so %r1 (written and read before) may not share.
  const Assigned a = assign(
      "ld.param.u64 %rd1, [p0];\n"
      "mov.u32 %r1, 1;\n"
      "setp.eq.u32 %p1, %r1, 1;\n"
      "@%p1 mov.u32 %r2, 2;\n"
      "st.global.u32 [%rd1], %r2;\n"
      "ret;");
  EXPECT_NE(a["%r1"], a["%r2"]);
}

TEST(RegisterSlots, AValueLiveAroundALoopKeepsItsSlotThroughTheBody) {
  const Assigned a = assign(
      "ld.param.u64 %rd1, [p0];\n"
      "mov.u32 %r1, 0;\n"
      "mov.u32 %r6, 9;\n"
      "LOOP: add.u32 %r2, %r1, 3;\n"
      "mul.lo.u32 %r3, %r2, %r2;\n"
      "add.u32 %r1, %r1, 1;\n"
      "setp.lt.u32 %p1, %r1, 8;\n"
      "@%p1 bra LOOP;\n"
      "st.global.u32 [%rd1], %r6;\n"
      "st.global.u32 [%rd1], %r3;\n"
      "ret;");
  for (const char* inside : {"%r2", "%r3", "%r1", "%p1"}) EXPECT_NE(a["%r6"], a[inside]) << inside;
}

TEST(RegisterSlots, AShuffleSourceKeepsASlotOfItsOwn) {
  // Another lane's %r1 is read whatever this lane's path: no register may
  // ever overwrite it, even after this lane's last read.
  const Assigned a = assign(
      "ld.param.u64 %rd1, [p0];\n"
      "mov.u32 %r1, 7;\n"
      "shfl.sync.down.b32 %r3, %r1, 1, 31, -1;\n"
      "add.u32 %r4, %r3, 1;\n"
      "add.u32 %r5, %r4, 1;\n"
      "st.global.u32 [%rd1], %r5;\n"
      "ret;");
  for (const char* other : {"%rd1", "%r3", "%r4", "%r5"}) EXPECT_NE(a[other], a["%r1"]) << other;
}

TEST(RegisterSlots, EveryCommittedFunctionIsClashFreeAndSmaller) {
  std::vector<std::filesystem::path> files;
  for (const char* dir : {"tb/workloads/ptx", "tests/ptx/data"})
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(SCWARP_SOURCE_DIR) / dir))
      if (e.path().extension() == ".ptx") files.push_back(e.path());
  ASSERT_GT(files.size(), 20u);
  size_t declared = 0, slots = 0;
  for (const auto& file : files) {
    const Module m = parse_module_file(file.string());
    for (const Function& f : m.functions) {
      if (f.code.empty()) continue;
      SCOPED_TRACE(file.filename().string() + ": " + f.name);
      const RegisterSlots s = assign_register_slots(f);
      ASSERT_EQ(s.slot.size(), f.regs.size());
      EXPECT_LE(s.count, f.regs.size());
      EXPECT_EQ(first_clash(f, s), "");
      declared += f.regs.size();
      slots += s.count;
    }
  }
  // nvcc names a register per value: sharing must cut the frames a lot.
  EXPECT_LT(slots * 3, declared) << slots << " slots for " << declared << " registers";
}

// A function too large to analyse in bounded host memory keeps one slot per
// register (values are right either way; only the frame is larger).
TEST(RegisterSlots, AFunctionPastTheAnalysisBoundKeepsASlotPerRegister) {
  const uint32_t side = 8192;
  static_assert(uint64_t(side) * side == kMaxAnalysedPairs);
  Function f;
  f.regs.resize(side);
  f.code.resize(side);
  for (uint32_t i = 0; i < side; ++i) {  // each writes a register of its own, read by none
    f.code[i].op = Opcode::Mov;
    f.code[i].writes = {i};
  }
  EXPECT_EQ(assign_register_slots(f).count, 1u) << "at the bound: analysed, and no two values meet";
  f.regs.emplace_back();  // one register more: past the bound
  const RegisterSlots s = assign_register_slots(f);
  EXPECT_EQ(s.count, side + 1);
  for (uint32_t r = 0; r <= side; ++r) ASSERT_EQ(s.slot[r], r);
}

}  // namespace
}  // namespace scwarp::ptx::test
