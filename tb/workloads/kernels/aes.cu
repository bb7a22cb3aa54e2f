// AES-128 encryption (ECB) of independent 16-byte blocks, one block per
// thread, the table-driven way: each of the 9 full rounds is 16 look-ups
// into four 256-entry T-tables (SubBytes, ShiftRows and MixColumns folded
// together) XORed with the round key; the last round takes the S-box bytes
// out of T0. The host computes the tables and the key schedule; each thread
// block first copies them into shared memory, so the data-dependent look-ups
// hit shared memory banks at random. State words are big-endian columns.
#define ROUNDS 10

__device__ unsigned sbox_byte(const unsigned* t0, unsigned x) { return (t0[x] >> 16) & 0xffU; }

extern "C" __global__ void aes_encrypt(const unsigned* tables, const unsigned* round_keys,
                                       const uint4* plaintext, uint4* ciphertext, int blocks) {
  __shared__ unsigned t[4][256];
  __shared__ unsigned rk[4 * (ROUNDS + 1)];
  for (int i = threadIdx.x; i < 4 * 256; i += blockDim.x) t[i / 256][i % 256] = tables[i];
  for (int i = threadIdx.x; i < 4 * (ROUNDS + 1); i += blockDim.x) rk[i] = round_keys[i];
  __syncthreads();
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= blocks) return;

  uint4 in = plaintext[b];
  unsigned s0 = in.x ^ rk[0], s1 = in.y ^ rk[1], s2 = in.z ^ rk[2], s3 = in.w ^ rk[3];
  for (int r = 1; r < ROUNDS; ++r) {
    unsigned n0 = t[0][s0 >> 24] ^ t[1][(s1 >> 16) & 0xff] ^ t[2][(s2 >> 8) & 0xff] ^ t[3][s3 & 0xff] ^ rk[4 * r];
    unsigned n1 = t[0][s1 >> 24] ^ t[1][(s2 >> 16) & 0xff] ^ t[2][(s3 >> 8) & 0xff] ^ t[3][s0 & 0xff] ^ rk[4 * r + 1];
    unsigned n2 = t[0][s2 >> 24] ^ t[1][(s3 >> 16) & 0xff] ^ t[2][(s0 >> 8) & 0xff] ^ t[3][s1 & 0xff] ^ rk[4 * r + 2];
    unsigned n3 = t[0][s3 >> 24] ^ t[1][(s0 >> 16) & 0xff] ^ t[2][(s1 >> 8) & 0xff] ^ t[3][s2 & 0xff] ^ rk[4 * r + 3];
    s0 = n0, s1 = n1, s2 = n2, s3 = n3;
  }
  // Final round: SubBytes and ShiftRows only.
  const unsigned* t0 = t[0];
  uint4 out;
  out.x = (sbox_byte(t0, s0 >> 24) << 24 | sbox_byte(t0, (s1 >> 16) & 0xff) << 16 |
           sbox_byte(t0, (s2 >> 8) & 0xff) << 8 | sbox_byte(t0, s3 & 0xff)) ^ rk[40];
  out.y = (sbox_byte(t0, s1 >> 24) << 24 | sbox_byte(t0, (s2 >> 16) & 0xff) << 16 |
           sbox_byte(t0, (s3 >> 8) & 0xff) << 8 | sbox_byte(t0, s0 & 0xff)) ^ rk[41];
  out.z = (sbox_byte(t0, s2 >> 24) << 24 | sbox_byte(t0, (s3 >> 16) & 0xff) << 16 |
           sbox_byte(t0, (s0 >> 8) & 0xff) << 8 | sbox_byte(t0, s1 & 0xff)) ^ rk[42];
  out.w = (sbox_byte(t0, s3 >> 24) << 24 | sbox_byte(t0, (s0 >> 16) & 0xff) << 16 |
           sbox_byte(t0, (s1 >> 8) & 0xff) << 8 | sbox_byte(t0, s2 & 0xff)) ^ rk[43];
  ciphertext[b] = out;
}
