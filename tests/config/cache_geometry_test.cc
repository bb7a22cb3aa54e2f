#include "sc_model/config/cache_geometry_text.h"

#include <gtest/gtest.h>

#include <string>

#include "sc_model/config/value_text.h"

namespace scwarp::config {
namespace {

const CacheGeometry kDefaults{64, 128, 8, 'L', 'B', 'm', 'W', 7, 5, 3, 'A'};

std::string error_of(std::string_view text) {
  try {
    parse_cache_geometry(text, kDefaults);
  } catch (const InvalidValue& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(CacheGeometry, ReadsEveryPart) {
  const CacheGeometry g = parse_cache_geometry("32:128:4,L:L:m:N,A:32:8,8", kDefaults);
  EXPECT_EQ(g.sets, 32u);
  EXPECT_EQ(g.line_bytes, 128u);
  EXPECT_EQ(g.ways, 4u);
  EXPECT_EQ(g.bytes(), 16384u);
  EXPECT_EQ(g.replacement, 'L');
  EXPECT_EQ(g.write_policy, 'L');
  EXPECT_EQ(g.alloc_policy, 'm');
  EXPECT_EQ(g.write_alloc, 'N');
  EXPECT_EQ(g.mshr_kind, 'A');
  EXPECT_EQ(g.mshr_entries, 32u);
  EXPECT_EQ(g.mshr_max_merge, 8u);
  EXPECT_EQ(g.miss_queue, 8u);
  EXPECT_EQ(format_cache_geometry(g), "32:128:4,L:L:m:N,A:32:8,8");
}

TEST(CacheGeometry, LeftOutMshrAndMissQueueKeepTheDefaults) {
  const CacheGeometry g = parse_cache_geometry("4:64:2,F:T:f:W", kDefaults);
  EXPECT_EQ(g.sets, 4u);
  EXPECT_EQ(g.line_bytes, 64u);
  EXPECT_EQ(g.replacement, 'F');
  EXPECT_EQ(g.mshr_entries, 7u);
  EXPECT_EQ(g.mshr_max_merge, 5u);
  EXPECT_EQ(g.miss_queue, 3u);
  const CacheGeometry h = parse_cache_geometry("4:64:2,F:T:f:W,F:2:4", kDefaults);
  EXPECT_EQ(h.mshr_kind, 'F');
  EXPECT_EQ(h.mshr_entries, 2u);
  EXPECT_EQ(h.miss_queue, 3u);
}

TEST(CacheGeometry, AcceptsGpgpuSimDumpExtras) {
  // GPGPU-Sim 3.2.2 prints its L2 with a set index function, result FIFO and port width.
  const CacheGeometry g = parse_cache_geometry("64:128:8,L:B:m:W:L,A:32:4,4:0,32", kDefaults);
  EXPECT_EQ(format_cache_geometry(g), "64:128:8,L:B:m:W,A:32:4,4");
  EXPECT_EQ(format_cache_geometry(parse_cache_geometry("32:128:4,L:L:m:N:H,A:32:8,8", kDefaults)),
            "32:128:4,L:L:m:N,A:32:8,8");
}

TEST(CacheGeometry, ReadsGpgpuSim4TypePrefixSectorMshrsAndLazyWriteAllocate) {
  // GPGPU-Sim 4.2.0's SM2_GTX480 L1D and L2 strings, as that file writes them.
  CacheGeometry l1 = parse_cache_geometry("N:32:128:4,L:L:m:N:H,S:64:8,8", kDefaults);
  EXPECT_EQ(l1.type, 'N');
  EXPECT_EQ(l1.mshr_kind, 'S');
  EXPECT_EQ(l1.mshr_entries, 64u);
  EXPECT_EQ(format_cache_geometry(l1), "32:128:4,L:L:m:N,S:64:8,8");
  CacheGeometry l2 = parse_cache_geometry("S:64:128:8,L:B:m:L:L,A:256:4,4:0,32", kDefaults);
  EXPECT_EQ(l2.type, 'S');
  EXPECT_EQ(l2.write_alloc, 'L');
  EXPECT_EQ(l2.mshr_entries, 256u);
  EXPECT_EQ(format_cache_geometry(l2), "S:64:128:8,L:B:m:L,A:256:4,4");
  EXPECT_EQ(parse_cache_geometry(format_cache_geometry(l2), kDefaults).type, 'S');
}

// GPGPU-Sim's texture caches: 3.x's GTX480 ('F', texture FIFO) and
// SM2_GTX480 ('T', sector texture FIFO), whose MSHR and miss-queue fields
// are the fragment FIFO, request FIFO, reorder buffer and result FIFO.
TEST(CacheGeometry, ReadsGpgpuSimTextureCaches) {
  for (const char* text : {"4:128:24,L:R:m:N:L,F:128:4,128:2", "N:4:128:24,L:R:m:N:L,T:128:4,128:2"}) {
    const CacheGeometry g = parse_cache_geometry(text, kDefaults);
    EXPECT_EQ(g.bytes(), 12u * 1024u) << text;
    EXPECT_EQ(g.ways, 24u) << text;
    EXPECT_EQ(g.write_policy, 'R') << text;
    EXPECT_EQ(g.alloc_policy, 'm') << text;
    EXPECT_EQ(g.mshr_entries, 128u) << text;   // fragment FIFO
    EXPECT_EQ(g.mshr_max_merge, 4u) << text;   // request FIFO
    EXPECT_EQ(g.miss_queue, 128u) << text;     // reorder buffer
  }
  EXPECT_EQ(parse_cache_geometry("4:128:24,L:R:m:N:L,F:128:4,128:2", kDefaults).mshr_kind, 'F');
  EXPECT_EQ(format_cache_geometry(parse_cache_geometry("N:4:128:24,L:R:m:N:L,T:128:4,128:2", kDefaults)),
            "4:128:24,L:R:m:N,T:128:4,128");
}

TEST(CacheGeometry, NamesTheWrongPart) {
  EXPECT_TRUE(error_of("24:128:4,L:L:m:N").starts_with("sets must be a power of two >= 1; expected [<type N|S>:]<sets>:"));
  EXPECT_TRUE(error_of("X:32:128:4,L:L:m:N").starts_with("cache type must be one of NS"));
  EXPECT_TRUE(error_of("32:96:4,L:L:m:N").starts_with("line bytes must be a power of two >= 32"));
  EXPECT_TRUE(error_of("32:16:4,L:L:m:N").starts_with("line bytes must be a power of two >= 32"));
  EXPECT_TRUE(error_of("32:128:0,L:L:m:N").starts_with("ways must be an unsigned 32-bit integer >= 1"));
  EXPECT_TRUE(error_of("32:128:4,X:L:m:N").starts_with("replacement must be one of LF"));
  EXPECT_TRUE(error_of("32:128:4,L:Q:m:N").starts_with("write policy must be one of RBTEL"));
  EXPECT_TRUE(error_of("32:128:4,L:L:x:N").starts_with("allocation must be one of mf"));
  EXPECT_TRUE(error_of("32:128:4,L:L:m:Y").starts_with("write allocation must be one of NWFL"));
  EXPECT_TRUE(error_of("32:128:4,L:L:m:N:Z").starts_with("set index function must be one of LH"));
  EXPECT_TRUE(error_of("32:128:4,L:L:m:N,Q:32:8").starts_with("MSHR kind must be one of ASFT"));
  EXPECT_TRUE(error_of("32:128:4,L:L:m:N,A:0:8").starts_with("MSHR entries must be an unsigned 32-bit integer >= 1"));
  EXPECT_TRUE(error_of("32:128:4,L:L:m:N,A:32:0").starts_with("MSHR max merge must be"));
  EXPECT_TRUE(error_of("32:128:4,L:L:m:N,A:32:8,0").starts_with("miss queue must be"));
  EXPECT_TRUE(error_of("32:128:4").starts_with("wrong number of ','-separated parts"));
  EXPECT_TRUE(error_of("32:128:4,L:L:m:N,A:32:8,8:0,32,1").starts_with("wrong number of ','-separated parts"));
  EXPECT_TRUE(error_of("32:128,L:L:m:N").starts_with("the shape part has 2 fields"));
  EXPECT_TRUE(error_of("32:128:4,L:L:m").starts_with("the policy part has 3 fields"));
  EXPECT_TRUE(error_of("32:128:4,L:L:m:N,A:32").starts_with("the MSHR part has 2 fields"));
  EXPECT_TRUE(error_of("-32:128:4,L:L:m:N").starts_with("sets must be"));
}

}  // namespace
}  // namespace scwarp::config
