// Integer arithmetic with PTX's defined results: wrap-around instead of C++
// overflow UB, division by zero and INT_MIN / -1 defined, 128-bit products.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

namespace scwarp::func {

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
using int128 = __int128;
using uint128 = unsigned __int128;
#pragma GCC diagnostic pop

template <typename T>
struct Wider;
template <>
struct Wider<int8_t> {
  using type = int16_t;
};
template <>
struct Wider<uint8_t> {
  using type = uint16_t;
};
template <>
struct Wider<int16_t> {
  using type = int32_t;
};
template <>
struct Wider<uint16_t> {
  using type = uint32_t;
};
template <>
struct Wider<int32_t> {
  using type = int64_t;
};
template <>
struct Wider<uint32_t> {
  using type = uint64_t;
};
template <>
struct Wider<int64_t> {
  using type = int128;
};
template <>
struct Wider<uint64_t> {
  using type = uint128;
};
template <typename T>
using wider_t = typename Wider<T>::type;

template <typename T>
using unsigned_t = std::make_unsigned_t<T>;

template <typename T>
T wrap_add(T a, T b) {
  return T(unsigned_t<T>(a) + unsigned_t<T>(b));
}
template <typename T>
T wrap_sub(T a, T b) {
  return T(unsigned_t<T>(a) - unsigned_t<T>(b));
}
template <typename T>
T wrap_mul(T a, T b) {
  return T(unsigned_t<T>(a) * unsigned_t<T>(b));
}
template <typename T>
T wrap_neg(T a) {
  return T(unsigned_t<T>(0) - unsigned_t<T>(a));
}

template <typename T>
T mul_hi(T a, T b) {
  using W = wider_t<T>;
  return T((W(a) * W(b)) >> (8 * sizeof(T)));
}

// What the hardware gives: x / 0 = all ones, x % 0 = x; INT_MIN / -1 wraps
// to INT_MIN and INT_MIN % -1 = 0 (PTX leaves these unspecified; host
// division would trap).
template <typename T>
T safe_div(T a, T b) {
  if (b == 0) return T(~unsigned_t<T>(0));
  if constexpr (std::is_signed_v<T>)
    if (a == std::numeric_limits<T>::min() && b == T(-1)) return a;
  return T(a / b);
}
template <typename T>
T safe_rem(T a, T b) {
  if (b == 0) return a;
  if constexpr (std::is_signed_v<T>)
    if (b == T(-1)) return 0;
  return T(a % b);
}

template <typename T, typename W>
T saturate(W v) {
  if (v > W(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
  if (v < W(std::numeric_limits<T>::min())) return std::numeric_limits<T>::min();
  return T(v);
}

}  // namespace scwarp::func
