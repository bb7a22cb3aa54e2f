// Options a policy registers in its own file (policy_options.h): read like
// every other option, checked by their kind, listed with their defaults.
#include "sc_model/config/policy_options.h"

#include <gtest/gtest.h>

#include "sc_model/config/gpu_config.h"
#include "sc_model/config/options.h"
#include "tests/config/config_test_util.h"

namespace scwarp::config {
namespace {

using testing::error_of;

TEST(PolicyOptions, SetByOverrideAndReadTyped) {
  LoadedConfig cfg = builtin_gtx480();
  EXPECT_EQ(policy_real(cfg.gpu, "rlws_alpha"), 0.09) << "seed 003 Table V";
  apply_override(cfg, "rlws_alpha", "0.5", "--set");
  apply_override(cfg, "-scwarp_pro_threshold", "250", "--set");
  apply_override(cfg, "rlws_attributes", "L1MP:3,NRGMI:4", "--set");
  EXPECT_EQ(policy_real(cfg.gpu, "rlws_alpha"), 0.5);
  EXPECT_EQ(policy_count(cfg.gpu, "scwarp_pro_threshold"), 250u);
  EXPECT_EQ(policy_text(cfg.gpu, "rlws_attributes"), "L1MP:3,NRGMI:4");
  EXPECT_EQ(cfg.values().at("rlws_alpha"), "0.5");
}

TEST(PolicyOptions, BadValuesNameTheOptionAndWhatWasExpected) {
  LoadedConfig cfg = builtin_gtx480();
  EXPECT_EQ(error_of([&] { apply_override(cfg, "rlws_alpha", "2", "--set"); }),
            "--set: option -rlws_alpha: invalid value '2' (a number in [0, 1])");
  EXPECT_EQ(error_of([&] { apply_override(cfg, "scwarp_pro_threshold", "0", "--set"); }),
            "--set: option -scwarp_pro_threshold: invalid value '0' (an unsigned integer >= 1)");
  EXPECT_EQ(error_of([&] { apply_override(cfg, "rlws_reset_per_kernel", "2", "--set"); }),
            "--set: option -rlws_reset_per_kernel: invalid value '2' (an unsigned integer in [0, 1])");
  const std::string attrs = error_of([&] { apply_override(cfg, "rlws_ms_attributes", "L1MP:8,FOO:2", "--set"); });
  EXPECT_NE(attrs.find("-rlws_ms_attributes"), std::string::npos) << attrs;
  EXPECT_NE(attrs.find("'FOO:2'"), std::string::npos) << attrs;
  EXPECT_EQ(policy_real(cfg.gpu, "rlws_alpha"), 0.09) << "a refused value changes nothing";
}

TEST(PolicyOptions, ListedWithTheirDefaults) {
  bool alpha = false, threshold = false;
  for (const OptionInfo& info : option_table_info()) {
    alpha |= info.name == "rlws_alpha" && info.default_value == "0.09";
    threshold |= info.name == "scwarp_pro_threshold" && info.default_value == "1000";
  }
  EXPECT_TRUE(alpha);
  EXPECT_TRUE(threshold);
}

}  // namespace
}  // namespace scwarp::config
