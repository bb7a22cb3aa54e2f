// aes: AES-128 ECB encryption with T-tables staged in shared memory, one
// 16-byte block per thread; the host builds the tables and key schedule from
// GF(2^8) arithmetic and checks its own byte-wise reference against the
// FIPS-197 example before trusting it.
#include <array>

#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 256;
constexpr int kRounds = 10;
using Block = std::array<uint8_t, 16>;
using RoundKeys = std::array<uint32_t, 4 * (kRounds + 1)>;

// Multiplication by x in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1.
uint8_t times_x(uint8_t a) { return uint8_t((a << 1) ^ ((a & 0x80) ? 0x1b : 0)); }

uint8_t gf_multiply(uint8_t a, uint8_t b) {
  uint8_t product = 0;
  for (; b; b >>= 1, a = times_x(a))
    if (b & 1) product ^= a;
  return product;
}

uint8_t rotl8(uint8_t v, int s) { return uint8_t((v << s) | (v >> (8 - s))); }

// S-box: multiplicative inverse (0 maps to 0) followed by the affine map.
std::array<uint8_t, 256> make_sbox() {
  std::array<uint8_t, 256> sbox{};
  for (int x = 0; x < 256; ++x) {
    uint8_t inverse = 0;
    for (int y = 1; y < 256 && x; ++y)
      if (gf_multiply(uint8_t(x), uint8_t(y)) == 1) inverse = uint8_t(y);
    sbox[x] = uint8_t(inverse ^ rotl8(inverse, 1) ^ rotl8(inverse, 2) ^ rotl8(inverse, 3) ^
                      rotl8(inverse, 4) ^ 0x63);
  }
  return sbox;
}

uint32_t sub_word(uint32_t w, const std::array<uint8_t, 256>& sbox) {
  return uint32_t(sbox[w >> 24]) << 24 | uint32_t(sbox[(w >> 16) & 0xff]) << 16 |
         uint32_t(sbox[(w >> 8) & 0xff]) << 8 | sbox[w & 0xff];
}

RoundKeys expand_key(const Block& key, const std::array<uint8_t, 256>& sbox) {
  RoundKeys w{};
  for (int i = 0; i < 4; ++i)
    w[i] = uint32_t(key[4 * i]) << 24 | uint32_t(key[4 * i + 1]) << 16 | uint32_t(key[4 * i + 2]) << 8 |
           key[4 * i + 3];
  uint8_t rcon = 1;
  for (size_t i = 4; i < w.size(); ++i) {
    uint32_t temp = w[i - 1];
    if (i % 4 == 0) {
      temp = sub_word(temp << 8 | temp >> 24, sbox) ^ uint32_t(rcon) << 24;
      rcon = times_x(rcon);
    }
    w[i] = w[i - 4] ^ temp;
  }
  return w;
}

// T0..T3 back to back: T0[x] = S[x] * (02, 01, 01, 03) as a big-endian
// column, T_k = T0 rotated right by 8k bits.
std::vector<uint32_t> make_t_tables(const std::array<uint8_t, 256>& sbox) {
  std::vector<uint32_t> t(4 * 256);
  for (int x = 0; x < 256; ++x) {
    uint8_t s = sbox[x];
    uint32_t t0 = uint32_t(times_x(s)) << 24 | uint32_t(s) << 16 | uint32_t(s) << 8 |
                  uint8_t(times_x(s) ^ s);
    for (int k = 0; k < 4; ++k) t[k * 256 + x] = k == 0 ? t0 : (t0 >> (8 * k) | t0 << (32 - 8 * k));
  }
  return t;
}

// Byte-wise AES-128 (state byte r + 4c = row r, column c), independent of
// the T-table formulation the kernel uses.
Block reference_encrypt(Block state, const RoundKeys& rk, const std::array<uint8_t, 256>& sbox) {
  auto add_round_key = [&](int round) {
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) state[r + 4 * c] ^= uint8_t(rk[4 * round + c] >> (24 - 8 * r));
  };
  add_round_key(0);
  for (int round = 1; round <= kRounds; ++round) {
    Block shifted;
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) shifted[r + 4 * c] = sbox[state[r + 4 * ((c + r) % 4)]];
    state = shifted;
    if (round != kRounds)
      for (int c = 0; c < 4; ++c) {
        uint8_t* col = &state[4 * c];
        uint8_t a0 = col[0], a1 = col[1], a2 = col[2], a3 = col[3];
        col[0] = uint8_t(gf_multiply(a0, 2) ^ gf_multiply(a1, 3) ^ a2 ^ a3);
        col[1] = uint8_t(a0 ^ gf_multiply(a1, 2) ^ gf_multiply(a2, 3) ^ a3);
        col[2] = uint8_t(a0 ^ a1 ^ gf_multiply(a2, 2) ^ gf_multiply(a3, 3));
        col[3] = uint8_t(gf_multiply(a0, 3) ^ a1 ^ a2 ^ gf_multiply(a3, 2));
      }
    add_round_key(round);
  }
  return state;
}

Block block_of_words(const uint32_t* w) {
  Block b;
  for (int i = 0; i < 16; ++i) b[i] = uint8_t(w[i / 4] >> (24 - 8 * (i % 4)));
  return b;
}

// FIPS-197 Appendix C.1: key 00 01 .. 0f, plaintext 00 11 22 .. ff.
bool reference_matches_fips197(const std::array<uint8_t, 256>& sbox) {
  Block key, plain;
  for (int i = 0; i < 16; ++i) key[i] = uint8_t(i), plain[i] = uint8_t(0x11 * i);
  const Block expected = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                          0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
  return reference_encrypt(plain, expand_key(key, sbox), sbox) == expected;
}

class AesWorkload : public Workload {
 public:
  std::string name() const override { return "aes"; }
  std::string description() const override {
    return "AES-128 ECB encryption, one 16-byte block per thread: 10 rounds of data-dependent T-table "
           "look-ups in shared memory (random bank conflicts), tables and key schedule from the host";
  }
  bool barrier_intensive() const override { return false; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 61440 blocks = 240 TBs, 4 waves of 60 resident.
    const uint32_t blocks = by_size<uint32_t>(size, 1000, 8192, 240 * kThreads);
    const auto sbox = make_sbox();
    if (!reference_matches_fips197(sbox))
      return verification_failed("aes: host reference disagrees with the FIPS-197 C.1 example");
    Rng rng(seed);
    Block key;
    for (auto& b : key) b = uint8_t(rng.below(256));
    const RoundKeys round_keys = expand_key(key, sbox);
    std::vector<uint32_t> plaintext = rng.u32s(size_t(blocks) * 4);

    const auto& module = load_workload_module(dev, name());
    uint64_t d_tables = dev.upload(make_t_tables(sbox));
    uint64_t d_keys = dev.upload(std::vector<uint32_t>(round_keys.begin(), round_keys.end()));
    uint64_t d_plain = dev.upload(plaintext);
    uint64_t d_cipher = dev.upload(std::vector<uint32_t>(plaintext.size(), 0));
    dev.launch(module, "aes_encrypt", {ceil_div(blocks, kThreads), 1, 1}, {kThreads, 1, 1}, 0,
               runtime::KernelArgs().add(d_tables).add(d_keys).add(d_plain).add(d_cipher).add(int32_t(blocks)));
    std::vector<uint32_t> got = dev.download<uint32_t>(d_cipher, plaintext.size());

    std::vector<uint32_t> expected(plaintext.size());
    for (uint32_t b = 0; b < blocks; ++b) {
      Block c = reference_encrypt(block_of_words(&plaintext[4 * b]), round_keys, sbox);
      for (int i = 0; i < 4; ++i)
        expected[4 * b + i] = uint32_t(c[4 * i]) << 24 | uint32_t(c[4 * i + 1]) << 16 |
                              uint32_t(c[4 * i + 2]) << 8 | c[4 * i + 3];
    }
    return compare_exact(expected, got, "ciphertext word");
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::AesWorkload, "aes")
