#include "sc_model/ptx/special_register.h"

#include <unordered_map>

namespace scwarp::ptx {
namespace {

struct SregInfo {
  Sreg reg;
  bool has_components;  // %tid.x/.y/.z style
};

const std::unordered_map<std::string_view, SregInfo>& special_registers() {
  static const std::unordered_map<std::string_view, SregInfo> table = {
      {"%tid", {Sreg::Tid, true}},
      {"%ntid", {Sreg::Ntid, true}},
      {"%ctaid", {Sreg::Ctaid, true}},
      {"%nctaid", {Sreg::Nctaid, true}},
      {"%laneid", {Sreg::Laneid, false}},
      {"%warpid", {Sreg::Warpid, false}},
      {"%nwarpid", {Sreg::Nwarpid, false}},
      {"%smid", {Sreg::Smid, false}},
      {"%nsmid", {Sreg::Nsmid, false}},
      {"%gridid", {Sreg::Gridid, false}},
      {"%lanemask_eq", {Sreg::LanemaskEq, false}},
      {"%lanemask_le", {Sreg::LanemaskLe, false}},
      {"%lanemask_lt", {Sreg::LanemaskLt, false}},
      {"%lanemask_ge", {Sreg::LanemaskGe, false}},
      {"%lanemask_gt", {Sreg::LanemaskGt, false}},
      {"%clock", {Sreg::Clock, false}},
      {"%clock64", {Sreg::Clock64, false}},
      {"%globaltimer", {Sreg::Globaltimer, false}},
      {"%dynamic_smem_size", {Sreg::DynamicSmemSize, false}},
      {"%total_smem_size", {Sreg::TotalSmemSize, false}},
  };
  return table;
}

// %envreg0 .. %envreg31: environment registers the driver fills.
std::optional<SpecialRegister> parse_envreg(std::string_view name) {
  static constexpr std::string_view kPrefix = "%envreg";
  if (!name.starts_with(kPrefix)) return std::nullopt;
  std::string_view digits = name.substr(kPrefix.size());
  if (digits.empty() || digits.size() > 2 || (digits.size() == 2 && digits[0] == '0')) return std::nullopt;
  unsigned n = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + unsigned(c - '0');
  }
  if (n > 31) return std::nullopt;
  return SpecialRegister{Sreg::Envreg, uint8_t(n)};
}

}  // namespace

std::optional<SpecialRegister> parse_special_register(std::string_view name) {
  if (auto env = parse_envreg(name)) return env;
  size_t dot = name.find('.');
  auto it = special_registers().find(name.substr(0, dot));
  if (it == special_registers().end()) return std::nullopt;
  const SregInfo& info = it->second;
  if (!info.has_components) {
    if (dot != std::string_view::npos) return std::nullopt;
    return SpecialRegister{info.reg, 0};
  }
  std::string_view comp = dot == std::string_view::npos ? "" : name.substr(dot + 1);
  if (comp == "x") return SpecialRegister{info.reg, 0};
  if (comp == "y") return SpecialRegister{info.reg, 1};
  if (comp == "z") return SpecialRegister{info.reg, 2};
  return std::nullopt;
}

// The reverse of parse_special_register, from the same table so the two agree.
std::string special_register_name(const SpecialRegister& sr) {
  if (sr.reg == Sreg::Envreg) return "%envreg" + std::to_string(sr.comp);
  for (const auto& [name, info] : special_registers()) {
    if (info.reg != sr.reg) continue;
    if (!info.has_components) return std::string(name);
    static const char* const components[] = {".x", ".y", ".z"};
    return std::string(name) + components[sr.comp < 3 ? sr.comp : 0];
  }
  return "%unknown_sreg";
}

}  // namespace scwarp::ptx
