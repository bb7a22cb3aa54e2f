// The state an RTL adapter has lockstep compare besides the order: tables of
// rows (one per TB slot, per action, ...), each filled from the C++ golden
// policy and from the RTL after every order(). Each adapter declares its own
// tables (LockstepTables), so the lockstep wrapper knows no policy class.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sc_model/common/error.h"
#include "sc_model/sched/policy.h"

namespace scwarp::cosim {

using Row = std::vector<uint32_t>;

struct StateTable {
  const char* name = "";
  const char* row_name = "TB slot";  // what a row stands for, in a mismatch message
  std::string (*show)(const Row&) = nullptr;
  std::vector<Row> golden, rtl;
};

// "3,1,4": a row's numbers.
std::string show_numbers(const Row& r);

// Sets `t` to `rows` rows, golden(i, row) and rtl(i, row) appending row i's
// values; the rows keep their storage from one call to the next.
template <typename G, typename R>
void fill_rows(StateTable& t, const char* name, const char* row_name, std::string (*show)(const Row&), uint32_t rows,
               G golden, R rtl) {
  t.name = name;
  t.row_name = row_name;
  t.show = show;
  t.golden.resize(rows);
  t.rtl.resize(rows);
  for (uint32_t i = 0; i < rows; ++i) {
    t.golden[i].clear();
    golden(i, t.golden[i]);
    t.rtl[i].clear();
    rtl(i, t.rtl[i]);
  }
}

// The golden half as the adapter's own C++ class; a pairing the registry
// would never make (a test's) is refused, naming the adapter.
template <typename Golden>
const Golden& golden_as(const sched::IssuePolicy& golden, const char* adapter) {
  if (const auto* g = dynamic_cast<const Golden*>(&golden)) return *g;
  throw Error(std::string("lockstep: the ") + adapter + " RTL adapter is paired with a C++ policy of another kind");
}

// Implemented by an RTL issue adapter beside sched::IssuePolicy.
class LockstepTables {
 public:
  virtual ~LockstepTables() = default;
  // Fills `tables` with the state to compare after an order(): `golden` is
  // the adapter's own C++ policy (the registry pairs them by name).
  virtual void fill_tables(const sched::IssuePolicy& golden, std::vector<StateTable>& tables) const = 0;
};

}  // namespace scwarp::cosim
