// Bad input to `scwarp launch`: each case exits non-zero with one line on
// stderr that names what is wrong and where.
#include <gtest/gtest.h>

#include <regex>

#include "tests/cli/scwarp_process.h"

namespace scwarp::testing {
namespace {

std::string kernels_ptx() { return "--ptx '" + data_file("kernels.ptx") + "'"; }

// Exit status and the single "scwarp: error: ..." line.
void expect_error(const ProcessResult& r, int status, const std::string& needle) {
  EXPECT_EQ(r.exit_status, status) << r.out << r.err;
  EXPECT_EQ(r.err.rfind("scwarp: error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << "expected '" << needle << "' in: " << r.err;
}

void expect_error_matching(const ProcessResult& r, int status, const std::string& pattern) {
  EXPECT_EQ(r.exit_status, status) << r.out << r.err;
  EXPECT_TRUE(std::regex_search(r.err, std::regex(pattern))) << "expected /" << pattern << "/ in: " << r.err;
}

// A kernel that never ends stops at the instruction limit (functional) or
// the cycle limit (timing), with exit status 1 and where its warps are.
std::string endless() {
  return "launch --ptx '" + data_file("endless.ptx") + "' --kernel spin --grid 2 --block 64 --buffer o=zero:4 --arg ptr:o";
}

TEST(LaunchInputErrors, EndlessKernelStopsAtTheInstructionLimitSayingWhereItsWarpsAre) {
  const ProcessResult r = run_scwarp(endless() + " --functional --max-instructions 100000");
  expect_error(r, 1, "kernel spin block (0,0,0) did not finish within 100000 thread instructions");
  EXPECT_TRUE(std::regex_search(r.err, std::regex(R"(warp 1 spin\+[0-9]+ \(\S*endless\.ptx:1[456] )"))) << r.err;
}

// Every SM that holds warps of the kernel, with its warps' place.
void expect_every_sms_warps(const ProcessResult& r) {
  EXPECT_TRUE(std::regex_search(r.err, std::regex(R"(SM 0: [0-9]+ warps? spin\+[0-9]+ \(\S*endless\.ptx)"))) << r.err;
  EXPECT_NE(r.err.find("SM 1: "), std::string::npos) << "both blocks' SMs: " << r.err;
}

TEST(LaunchInputErrors, EndlessKernelStopsAtTheCycleLimitSayingWhereEverySmsWarpsAre) {
  const ProcessResult r = run_scwarp(endless() + " --max-cycles 20000");
  expect_error(r, 1, "kernel 'spin' did not finish within -gpgpu_max_cycle 20000 cycles");
  expect_every_sms_warps(r);
}

TEST(LaunchInputErrors, ScwarpMaxCyclesIsAnAliasOfGpgpuMaxCycle) {
  const ProcessResult r = run_scwarp(endless() + " --set scwarp_max_cycles=20000");
  expect_error(r, 1, "kernel 'spin' did not finish within -gpgpu_max_cycle 20000 cycles");
}

// The timing model's instruction limit: the count is looked at every 1024
// cycles, so the launch ends a little past the limit and says how far.
TEST(LaunchInputErrors, EndlessKernelStopsAtTheTimingInstructionLimitSayingWhereEverySmsWarpsAre) {
  const ProcessResult r = run_scwarp(endless() + " --set gpgpu_max_insn=50000");
  expect_error_matching(r, 1, R"(kernel 'spin' executed [0-9]+ thread instructions, past -gpgpu_max_insn 50000 )");
  EXPECT_NE(r.err.find("--max-instructions N or --set gpgpu_max_insn=N"), std::string::npos) << r.err;
  expect_every_sms_warps(r);
  EXPECT_EQ(run_scwarp(endless() + " --max-instructions 50000").err, r.err);
}

TEST(LaunchInputErrors, MaxCyclesIsRefusedWithFunctional) {
  expect_error(run_scwarp(endless() + " --functional --max-cycles 10"), 2, "--functional excludes --max-cycles");
}

// More device memory than the GPU has is refused with the sizes, before
// any host memory is taken for it (functional: the GTX480's 1536 MiB; timing:
// -scwarp_device_memory_mb).
TEST(LaunchInputErrors, BufferBeyondTheDeviceMemoryIsRefusedWithTheSizes) {
  const std::string saxpy = "launch " + kernels_ptx() + " --kernel saxpy --grid 1 --block 32 --arg s32:8 --arg f32:1 "
                            "--arg ptr:x --arg ptr:y --buffer y=zero:64";
  expect_error(run_scwarp(saxpy + " --buffer x=zero:2000000000 --functional"), 1,
               "device malloc: 2000000000 bytes requested with 64 in use: more than the device's 1610612736 bytes "
               "(1536 MiB)");
  expect_error(run_scwarp(saxpy + " --buffer x=zero:2097152 --set scwarp_device_memory_mb=1"), 1,
               "device malloc: 2097152 bytes requested");
}

TEST(LaunchInputErrors, MalformedPtxNamesFileLineAndColumn) {
  const ProcessResult r = run_scwarp("launch --ptx '" + data_file("malformed.ptx") +
                                     "' --kernel broken --grid 1 --block 1 --buffer o=zero:4 --arg ptr:o");
  expect_error_matching(r, 1, R"(^scwarp: error: \S*malformed\.ptx:14:[0-9]+: )");
}

TEST(LaunchInputErrors, UnsupportedInstructionIsNamedWithItsPosition) {
  const ProcessResult r =
      run_scwarp("launch --ptx '" + data_file("unsupported.ptx") +
                 "' --kernel surface_reduction --grid 1 --block 1 --buffer o=zero:4 --arg ptr:o --arg ptr:o");
  expect_error_matching(r, 1, R"(unsupported\.ptx:17:[0-9]+: unsupported instruction 'sured\.b\.add\.1d\.u32\.trap')");
}

TEST(LaunchInputErrors, TensorCoreInstructionIsUnsupported) {
  const ProcessResult r = run_scwarp("launch --ptx '" + data_file("unsupported.ptx") +
                                     "' --kernel tensor_fragment --grid 1 --block 32 --buffer o=zero:4 --arg ptr:o");
  expect_error_matching(r, 1, R"(unsupported\.ptx:46:[0-9]+: tensor-core instruction 'wmma\.load\.a\.sync)");
}

TEST(LaunchInputErrors, MissingPtxFileIsNamed) {
  const ProcessResult r = run_scwarp("launch --ptx /nonexistent/k.ptx --kernel k --grid 1 --block 1");
  expect_error(r, 1, "/nonexistent/k.ptx");
}

TEST(LaunchInputErrors, MissingKernelIsNamed) {
  const ProcessResult r = run_scwarp("launch " + kernels_ptx() + " --kernel no_such_kernel --grid 1 --block 1");
  expect_error(r, 1, "no_such_kernel");
}

TEST(LaunchInputErrors, WrongArgumentCountIsRefused) {
  const ProcessResult r = run_scwarp("launch " + kernels_ptx() +
                                     " --kernel saxpy --grid 1 --block 32 --buffer x=zero:128"
                                     " --arg s32:32 --arg f32:1 --arg ptr:x");
  expect_error(r, 1, "saxpy: it takes 4 parameters, 3 arguments given");
}

TEST(LaunchInputErrors, MissingBufferFileIsNamed) {
  const ProcessResult r = run_scwarp("launch " + kernels_ptx() +
                                     " --kernel saxpy --grid 1 --block 1 --buffer x=file:/nonexistent/x.bin");
  expect_error(r, 1, "cannot read '/nonexistent/x.bin'");
}

TEST(LaunchInputErrors, FolderAsPtxOrBufferFileIsRefused) {
  const std::string dir = scratch_dir();
  expect_error(run_scwarp("launch --ptx '" + dir + "' --kernel k --grid 1 --block 1"), 1,
               "--ptx '" + dir + "': cannot read '" + dir + "': not a regular file");
  expect_error(run_scwarp("launch " + kernels_ptx() + " --kernel saxpy --grid 1 --block 1 --buffer 'x=file:" +
                          dir + "'"),
               1, "not a regular file");
}

TEST(LaunchInputErrors, EmptyBufferFileIsRefused) {
  const std::string empty = scratch_dir() + "/empty.bin";
  write_file(empty, "");
  expect_error(run_scwarp("launch " + kernels_ptx() + " --kernel saxpy --grid 1 --block 1 --buffer 'x=file:" +
                          empty + "'"),
               1, "the file holds 0 bytes");
}

// Sizes are checked when the objects are made: a linear texture spans whole
// texels, and a buffer must hold every texel of its texture or surface.
TEST(LaunchInputErrors, TextureOverTooSmallABufferNamesBothSizes) {
  const std::string common = "launch " + kernels_ptx() + " --kernel saxpy --grid 1 --block 1 --buffer b=zero:40 ";
  expect_error(run_scwarp(common + "--texture t=b:f32:2d:4x3"), 1,
               "--texture 't': buffer 'b' holds 40 bytes, the texture needs 48");
  expect_error(run_scwarp(common + "--surface s=b:u8x4:array:4x4"), 1,
               "--surface 's': buffer 'b' holds 40 bytes, the surface needs 64");
  expect_error(run_scwarp(common + "--texture t=b:f32x4:linear"), 1,
               "--texture 't': buffer 'b' holds 40 bytes, not a whole number (below 2^32) of 16-byte f32x4 texels");
}

// n = 1000 elements but buffers of 64 floats: threads from 64 on read past the end.
const std::string kOutOfBoundsSaxpy = " --kernel saxpy --grid 8 --block 128 --buffer x=zero:256"
                                      " --buffer y=zero:256 --arg s32:1000 --arg f32:1 --arg ptr:x --arg ptr:y";

TEST(LaunchKernelFaults, OutOfBoundsAccessNamesKernelBlockThreadPcAndAddress) {
  const ProcessResult r = run_scwarp("launch " + kernels_ptx() + kOutOfBoundsSaxpy + " --functional");
  expect_error(r, 1, "outside any allocation");
  // Functionally blocks run in order: thread 64 of block 0 is the first to read past them.
  expect_error_matching(r, 1, R"(kernel saxpy block \(0,0,0\) thread \(64,0,0\) .*pc [0-9]+.* address 0x[0-9a-f]+)");
}

TEST(LaunchKernelFaults, OutOfBoundsAccessOnTheTimingModelIsTheSameKindOfError) {
  // Blocks run side by side on the SMs: whichever faulting access issues first is reported.
  const ProcessResult r = run_scwarp("launch " + kernels_ptx() + kOutOfBoundsSaxpy);
  expect_error(r, 1, "outside any allocation");
  expect_error_matching(r, 1, R"(kernel saxpy block \([0-7],0,0\) thread \([0-9]+,0,0\) .*pc [0-9]+.* address 0x[0-9a-f]+)");
}

TEST(LaunchKernelFaults, MisalignedAccessIsReported) {
  const ProcessResult r = run_scwarp("launch " + kernels_ptx() +
                                     " --kernel load_word --grid 1 --block 1 --buffer b=zero:16"
                                     " --buffer w=zero:4 --arg ptr:b --arg s32:1 --arg ptr:w");
  expect_error(r, 1, "misaligned");
  EXPECT_NE(r.err.find("load_word"), std::string::npos) << r.err;
}

TEST(LaunchKernelFaults, BarrierThatCanNeverReleaseIsReported) {
  const ProcessResult r = run_scwarp("launch " + kernels_ptx() +
                                     " --kernel split_barriers --grid 1 --block 64 --buffer o=zero:256 --arg ptr:o");
  expect_error(r, 1, "can never release");
  EXPECT_NE(r.err.find("split_barriers"), std::string::npos) << r.err;
}

struct UsageCase {
  const char* name;
  const char* options;   // after --ptx kernels.ptx --kernel saxpy
  const char* message;
};
void PrintTo(const UsageCase& c, std::ostream* os) { *os << c.options; }

class LaunchUsageErrors : public ::testing::TestWithParam<UsageCase> {};

TEST_P(LaunchUsageErrors, NameTheOptionAndTheBadText) {
  const ProcessResult r = run_scwarp("launch " + kernels_ptx() + " --kernel saxpy " + GetParam().options);
  expect_error(r, 2, GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    Specs, LaunchUsageErrors,
    ::testing::Values(
        UsageCase{"GridNotANumber", "--grid 4,x --block 1", "--grid '4,x': expected X[,Y[,Z]]"},
        UsageCase{"GridZero", "--grid 0 --block 1", "--grid '0': expected X[,Y[,Z]]"},
        UsageCase{"GridFourDims", "--grid 1,1,1,1 --block 1", "--grid '1,1,1,1'"},
        UsageCase{"BlockEmptyField", "--grid 1 --block 32,,1", "--block '32,,1'"},
        UsageCase{"BufferNoSpec", "--grid 1 --block 1 --buffer x", "--buffer 'x': expected NAME="},
        UsageCase{"BufferUnknownSource", "--grid 1 --block 1 --buffer x=disk:4", "--buffer 'x=disk:4'"},
        UsageCase{"BufferBadBytes", "--grid 1 --block 1 --buffer x=zero:lots", "byte count 'lots'"},
        UsageCase{"BufferBadSeed", "--grid 1 --block 1 --buffer x=seed:8:abc", "seed 'abc'"},
        UsageCase{"BufferTwice", "--grid 1 --block 1 --buffer x=zero:4 --buffer x=zero:8",
                  "buffer 'x' is declared twice"},
        UsageCase{"ArgUnknownType", "--grid 1 --block 1 --arg i32:3", "--arg 'i32:3': unknown type 'i32'"},
        UsageCase{"ArgOutOfRange", "--grid 1 --block 1 --arg u8:300", "'300' is not a valid u8 value"},
        UsageCase{"ArgNegativeUnsigned", "--grid 1 --block 1 --arg u32:-1", "'-1' is not a valid u32 value"},
        UsageCase{"ArgLeadingZero", "--grid 1 --block 1 --arg u32:007", "'007' is not a valid u32 value"},
        UsageCase{"ArgBadFloat", "--grid 1 --block 1 --arg f32:1.5x", "'1.5x' is not a valid f32 value"},
        UsageCase{"ArgOddHexDigits", "--grid 1 --block 1 --arg bytes:123",
                  "--arg 'bytes:123': '123' is not an even, non-zero number of hex digits"},
        UsageCase{"ArgNotHex", "--grid 1 --block 1 --arg bytes:0g", "'0g' is not an even, non-zero number of hex digits"},
        UsageCase{"ArgNoBytes", "--grid 1 --block 1 --arg bytes:", "'' is not an even, non-zero number of hex digits"},
        UsageCase{"ArgUnknownBuffer", "--grid 1 --block 1 --buffer x=zero:4 --arg ptr:nope",
                  "--arg 'ptr:nope': no --buffer named 'nope' (declared: x)"},
        UsageCase{"OutUnknownBuffer", "--grid 1 --block 1 --out z=out.bin",
                  "--out 'z=out.bin': no --buffer or array texture/surface named 'z' (none declared)"},
        UsageCase{"OutLinearTexture", "--grid 1 --block 1 --buffer b=zero:16 --texture t=b:f32:linear --out t=o.bin",
                  "--out 't=o.bin': no --buffer or array texture/surface named 't' (declared: b)"},
        UsageCase{"TextureNoSpec", "--grid 1 --block 1 --texture t",
                  "--texture 't': expected NAME=BUFFER:FORMAT:SHAPE[:OPTION...]"},
        UsageCase{"TextureTooFewFields", "--grid 1 --block 1 --texture t=b:f32",
                  "--texture 't=b:f32': expected NAME=BUFFER:FORMAT:SHAPE"},
        UsageCase{"TextureBadName", "--grid 1 --block 1 --texture 1t=b:f32:linear", "'1t' is not a texture name"},
        UsageCase{"TextureBadBufferName", "--grid 1 --block 1 --texture t=b-c:f32:linear", "'b-c' is not a buffer name"},
        UsageCase{"TextureBadFormat", "--grid 1 --block 1 --texture t=b:f48:linear", "--texture 't=b:f48:linear': "},
        UsageCase{"TextureUnknownShape", "--grid 1 --block 1 --texture t=b:f32:cube", "unknown shape 'cube'"},
        UsageCase{"Texture2dNoExtent", "--grid 1 --block 1 --texture t=b:f32:2d",
                  "shape '2d' needs its extent WxH in positive integers after it"},
        UsageCase{"Texture2dThreeExtents", "--grid 1 --block 1 --texture t=b:f32:2d:4x4x4", "needs its extent WxH"},
        UsageCase{"TextureArrayZeroExtent", "--grid 1 --block 1 --texture t=b:f32:array:0x4",
                  "shape 'array' needs its extent W[xH[xD]]"},
        UsageCase{"TexturePitchBelowRow", "--grid 1 --block 1 --texture t=b:f32:2d:8x2:pitch=16",
                  "pitch 16 is less than a row of 8 texels (32 bytes)"},
        UsageCase{"TexturePitchOnArray", "--grid 1 --block 1 --texture t=b:f32:array:8:pitch=64",
                  "option 'pitch=64' needs shape 2d"},
        UsageCase{"TextureLayeredOnLinear", "--grid 1 --block 1 --texture t=b:f32:linear:layered",
                  "option 'layered' takes no value and needs shape array"},
        UsageCase{"TextureBadFilter", "--grid 1 --block 1 --texture t=b:f32:linear:filter=cubic",
                  "option 'filter=cubic' expects point or linear"},
        UsageCase{"TextureBadReadMode", "--grid 1 --block 1 --texture t=b:f32:linear:read=raw",
                  "option 'read=raw' expects element or normalized"},
        UsageCase{"TextureBadAddressMode", "--grid 1 --block 1 --texture t=b:f32:array:4x4:address=clamp,repeat",
                  "unknown address mode 'repeat'"},
        UsageCase{"TextureFourAddressModes", "--grid 1 --block 1 --texture t=b:f32:array:4x4:address=wrap,wrap,wrap,wrap",
                  "gives more than three dimensions"},
        UsageCase{"TextureBadBorder", "--grid 1 --block 1 --texture t=b:f32:array:4:border=1,2,3",
                  "border '1,2,3' is not four numbers R,G,B,A"},
        UsageCase{"TextureOptionTwice", "--grid 1 --block 1 --texture t=b:f32:array:4:filter=point:filter=linear",
                  "option 'filter' is given twice"},
        UsageCase{"TextureUnknownOption", "--grid 1 --block 1 --texture t=b:f32:array:4:mipmaps",
                  "unknown option 'mipmaps'"},
        UsageCase{"TextureUnknownBuffer", "--grid 1 --block 1 --texture t=nope:f32:linear",
                  "--texture 't=nope:f32:linear': no --buffer named 'nope' (none declared)"},
        UsageCase{"TextureNameOfABuffer", "--grid 1 --block 1 --buffer b=zero:16 --texture b=b:f32:linear",
                  "--texture 'b=b:f32:linear': texture 'b' is declared twice"},
        UsageCase{"SurfaceOverLinear", "--grid 1 --block 1 --surface s=b:f32:linear",
                  "--surface 's=b:f32:linear': a surface is over a CUDA array"},
        UsageCase{"SurfaceWithSampling", "--grid 1 --block 1 --surface s=b:f32:array:4:filter=point",
                  "option 'filter=point' does not apply to a surface"},
        UsageCase{"ArgUnknownTexture", "--grid 1 --block 1 --arg tex:t", "--arg 'tex:t': no --texture named 't' (none declared)"},
        UsageCase{"ArgSurfaceAsTexture", "--grid 1 --block 1 --buffer b=zero:64 --surface s=b:f32:array:4 --arg tex:s",
                  "--arg 'tex:s': no --texture named 's' (none declared)"},
        UsageCase{"ArgBadSurfaceName", "--grid 1 --block 1 --arg surf:", "--arg 'surf:': '' is not a surface name"},
        UsageCase{"OutNoFile", "--grid 1 --block 1 --buffer x=zero:4 --out x=", "--out 'x=': expected BUFFER=FILE"},
        UsageCase{"MissingGrid", "--block 1", "--grid"}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace scwarp::testing
