// atom and red on global, shared and generic addresses. Lanes are applied one
// at a time in lane order, so results are deterministic.
#include <cstring>

#include "sc_model/func/address_map.h"
#include "sc_model/func/float_math.h"
#include "sc_model/func/int_math.h"

namespace scwarp::func {

using ptx::AtomOp;

template <typename T>
static T apply(ExecContext& c, AtomOp op, T old, T b, T e) {
  if constexpr (std::is_floating_point_v<T>) {
    switch (op) {
      case AtomOp::Add: {
        T r = old + b;
        return sizeof(T) == 4 ? flush(r) : r;  // atom.add.f32 flushes subnormals
      }
      case AtomOp::Min: return ptx_min(old, b);
      case AtomOp::Max: return ptx_max(old, b);
      case AtomOp::Exch: return b;
      case AtomOp::Cas: return old == b ? e : old;
      default: break;
    }
  } else {
    using U = unsigned_t<T>;
    switch (op) {
      case AtomOp::Add: return wrap_add(old, b);
      case AtomOp::Min: return old < b ? old : b;
      case AtomOp::Max: return old > b ? old : b;
      case AtomOp::Exch: return b;
      case AtomOp::Cas: return old == b ? e : old;
      case AtomOp::And: return T(old & b);
      case AtomOp::Or: return T(old | b);
      case AtomOp::Xor: return T(old ^ b);
      // inc/dec wrap within [0, b] (unsigned comparison, as PTX defines them)
      case AtomOp::Inc: return U(old) >= U(b) ? T(0) : T(U(old) + 1);
      case AtomOp::Dec: return (U(old) == 0 || U(old) > U(b)) ? b : T(U(old) - 1);
      default: break;
    }
  }
  c.unsupported(std::string("atomic operation in '") + c.in.text + "'");
}

template <typename T>
static void atomic(ExecContext& c) {
  bool is_red = c.in.op == ptx::Opcode::Red;
  unsigned first = is_red ? 0 : 1;  // atom d, [a], b{, c} / red [a], b
  uint64_t* d = is_red ? nullptr : c.dst(0);
  std::array<uint64_t, kWarpSize>& addrs = c.scratch[0];
  lane_addresses(c, c.in.ops.at(first), addrs);
  Lanes b = c.src(first + 1);
  bool has_c = c.in.ops.size() > first + 2;
  Lanes e = has_c ? c.src(first + 2) : b;
  for_lanes(c.exec, [&](unsigned l) {
    Access a = resolve_access(c, l, c.in.space, addrs[l], sizeof(T));
    if (a.space != ptx::Space::Global && a.space != ptx::Space::Shared)
      c.fault(l, std::string("atomic on the .") + ptx::space_name(a.space) + " space");
    check_writable(c, l, a);
    record_access(c, l, a, sizeof(T));
    T old;
    std::memcpy(&old, a.ptr, sizeof(T));
    T r = apply<T>(c, c.in.atom, old, get<T>(b[l]), get<T>(e[l]));
    std::memcpy(a.ptr, &r, sizeof(T));
    if (d) d[l] = put<T>(old);
  });
}

void exec_atomic(ExecContext& c) {
  ptx::Type t = c.in.type;
  if (ptx::type_bits(t) != 32 && ptx::type_bits(t) != 64)
    c.unsupported(std::string("atomic type .") + ptx::type_name(t));
  dispatch_any(c, t, [&]<typename T>() { atomic<T>(c); });
}

}  // namespace scwarp::func
