// A table of policy factories by name, the storage behind registry.h (one
// table for issue policies, one for fetch policies). Registration runs during
// static initialisation, so add() never throws: a name added twice is
// remembered and reported by the next lookup or listing, where the caller can
// catch it and the user reads which name collided.
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "sc_model/common/error.h"
#include "sc_model/sched/registry.h"

namespace scwarp::sched {

template <typename Factory>
class PolicyTable {
 public:
  // `kind` names the table in messages ("issue", "fetch"); `macro` is the
  // registration macro a duplicate came from.
  PolicyTable(std::string kind, std::string macro)
      : kind_(std::move(kind)), macro_(std::move(macro)) {}

  void add(const std::string& name, const std::string& description, Factory factory) {
    auto at = std::lower_bound(entries_.begin(), entries_.end(), name,
                               [](const Entry& e, const std::string& n) { return e.info.name < n; });
    if (at != entries_.end() && at->info.name == name) {
      duplicates_.push_back(name);
      return;
    }
    entries_.insert(at, Entry{PolicyInfo{name, description}, std::move(factory)});
  }

  // Throws scwarp::Error for an unknown name, listing the known ones.
  const Factory& find(const std::string& name) const {
    check_unique();
    for (const Entry& e : entries_) {
      if (e.info.name == name) return e.factory;
    }
    std::string known;
    for (const Entry& e : entries_) known += (known.empty() ? "" : ", ") + e.info.name;
    throw Error("unknown " + kind_ + " policy '" + name + "' (known: " + (known.empty() ? "none" : known) +
                ")");
  }

  // Sorted by name.
  std::vector<PolicyInfo> list() const {
    check_unique();
    std::vector<PolicyInfo> out;
    out.reserve(entries_.size());
    for (const Entry& e : entries_) out.push_back(e.info);
    return out;
  }

 private:
  struct Entry {
    PolicyInfo info;
    Factory factory;
  };

  void check_unique() const {
    if (duplicates_.empty()) return;
    throw Error(kind_ + " policy '" + duplicates_.front() + "' is registered more than once (two " +
                macro_ + " lines use that name)");
  }

  std::string kind_, macro_;
  std::vector<Entry> entries_;           // sorted by name
  std::vector<std::string> duplicates_;  // names added more than once, in order added
};

}  // namespace scwarp::sched
