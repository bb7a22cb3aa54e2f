#include "sc_model/ptx/layout.h"

#include <algorithm>

namespace scwarp::ptx {
namespace {

uint64_t align_up(uint64_t value, uint64_t align) { return (value + align - 1) / align * align; }

// Places `sym` at the next suitably aligned offset of a segment growing from `end`.
void place(Symbol& sym, uint64_t& end) {
  sym.offset = align_up(end, sym.align);
  end = sym.offset + sym.size;
}

uint64_t place_list(Module& m, const std::vector<uint32_t>& syms) {
  uint64_t end = 0;
  for (uint32_t s : syms) place(m.symbols[s], end);
  return end;
}

struct FunctionSegments {
  uint64_t local = 0, shared = 0;
};

}  // namespace

void lay_out_module(Module& m) {
  uint64_t module_shared = 0;
  uint64_t extern_align = 16;
  std::vector<FunctionSegments> segs(m.functions.size());
  // Module-scope storage first: every kernel's own .shared follows the
  // module-scope .shared block, so it needs its final size.
  for (Symbol& sym : m.symbols) {
    if (sym.owner != kNoSym || sym.is_function) continue;
    if (sym.space == Space::Global) place(sym, m.global_bytes);
    if (sym.space == Space::Const) place(sym, m.const_bytes);
    if (sym.space == Space::Shared && sym.is_extern) {
      sym.offset = 0;
      extern_align = std::max<uint64_t>(extern_align, sym.align);
    } else if (sym.space == Space::Shared) {
      place(sym, module_shared);
    }
  }
  for (FunctionSegments& s : segs) s.shared = module_shared;
  for (Symbol& sym : m.symbols) {
    if (sym.owner == kNoSym) continue;
    if (sym.space == Space::Local) place(sym, segs[sym.owner].local);
    if (sym.space == Space::Shared) place(sym, segs[sym.owner].shared);
  }
  for (size_t i = 0; i < m.functions.size(); ++i) {
    Function& fn = m.functions[i];
    fn.param_bytes = place_list(m, fn.params);
    place_list(m, fn.rets);
    fn.local_bytes = segs[i].local;
    if (fn.is_entry) {
      fn.static_shared_bytes = segs[i].shared;
      fn.dynamic_shared_offset = align_up(fn.static_shared_bytes, extern_align);
    }
  }
}

}  // namespace scwarp::ptx
