// What `scwarp sweep --backend slurm` writes for Slurm and reads back from
// it (sc_model/cli/slurm_text.h), on texts as Slurm 22.05 prints them.
#include "sc_model/cli/slurm_text.h"

#include <gtest/gtest.h>

#include "sc_model/common/error.h"

namespace scwarp::cli {
namespace {

TEST(SlurmText, ArraySpecCoversEveryTaskAndThrottles) {
  EXPECT_EQ(slurm_array_spec(1, 0), "0-0");
  EXPECT_EQ(slurm_array_spec(12, 0), "0-11");
  EXPECT_EQ(slurm_array_spec(12, 4), "0-11%4");
}

TEST(SlurmText, BatchScriptRunsTheTaskOfItsArrayIndexWithQuotedPaths) {
  const std::string script = slurm_batch_script("/opt/it's/scwarp", "/shared/out dir/slurm/array-1/plan.json");
  EXPECT_TRUE(script.starts_with("#!/bin/sh\n")) << script;
  EXPECT_NE(script.find("exec '/opt/it'\\''s/scwarp' sweep-task --plan '/shared/out dir/slurm/array-1/plan.json' "
                        "--index \"$SLURM_ARRAY_TASK_ID\"\n"),
            std::string::npos)
      << script;
}

TEST(SlurmText, JobIdFromSbatchParsable) {
  EXPECT_EQ(slurm_job_id("1234\n"), "1234");
  EXPECT_EQ(slurm_job_id("1234;cluster2\n"), "1234");
  EXPECT_THROW(slurm_job_id("sbatch: error: Batch job submission failed\n"), Error);
  EXPECT_THROW(slurm_job_id(""), Error);
}

TEST(SlurmText, ScontrolRecordsGiveEachTaskItsStateReasonAndExitCode) {
  const std::string text =
      "JobId=9 ArrayJobId=7 ArrayTaskId=3-4,6%1 ArrayTaskThrottle=1 JobName=scwarp-sweep JobState=PENDING "
      "Reason=JobArrayTaskLimit Dependency=(null) ExitCode=0:0 RunTime=00:00:00\n"
      "JobId=8 ArrayJobId=7 ArrayTaskId=1 JobName=scwarp-sweep JobState=TIMEOUT Reason=TimeLimit "
      "ExitCode=0:15 RunTime=00:01:02\n"
      "JobId=7 ArrayJobId=7 ArrayTaskId=0 JobName=scwarp-sweep JobState=CANCELLED Reason=None ExitCode=0:15\n";
  const auto tasks = parse_scontrol_tasks(text);
  ASSERT_EQ(tasks.size(), 5u);
  EXPECT_EQ(tasks.at(0).state, "CANCELLED");
  EXPECT_EQ(tasks.at(0).reason, "");  // "None" says nothing
  EXPECT_EQ(tasks.at(1).state, "TIMEOUT");
  EXPECT_EQ(tasks.at(1).reason, "TimeLimit");
  EXPECT_EQ(tasks.at(1).exit_code, "0:15");
  for (unsigned pending : {3u, 4u, 6u}) EXPECT_EQ(tasks.at(pending).state, "PENDING") << pending;
  EXPECT_FALSE(tasks.contains(5));
  EXPECT_TRUE(parse_scontrol_tasks("slurm_load_jobs error: Invalid job id specified\n").empty());
}

TEST(SlurmText, SacctLinesGiveEachTaskItsState) {
  const auto tasks = parse_sacct_tasks("7_0|COMPLETED|0:0\n7_1|NODE_FAIL|0:0\n7_2|CANCELLED by 1000|0:15\n"
                                       "7_[3-4%2]|CANCELLED by 1000|0:0\n");
  ASSERT_EQ(tasks.size(), 5u);
  EXPECT_EQ(tasks.at(1).state, "NODE_FAIL");
  EXPECT_EQ(tasks.at(2).state, "CANCELLED");
  EXPECT_EQ(tasks.at(2).exit_code, "0:15");
  EXPECT_EQ(tasks.at(4).state, "CANCELLED");
  EXPECT_TRUE(parse_sacct_tasks("7|COMPLETED|0:0\nnot a record\n").empty());
}

TEST(SlurmText, KillLineFromATasksOutput) {
  EXPECT_EQ(slurm_kill_line("[1/1] ...\nslurmstepd: error: *** JOB 14 ON node1 CANCELLED AT 2026-11-26T20:18:33 "
                            "DUE TO TIME LIMIT ***\n"),
            "JOB 14 ON node1 CANCELLED AT 2026-11-26T20:18:33 DUE TO TIME LIMIT");
  EXPECT_EQ(slurm_kill_line("slurmstepd-vm: error: *** JOB 4 ON vm CANCELLED AT 2026-11-26T20:18:33 ***\n"),
            "JOB 4 ON vm CANCELLED AT 2026-11-26T20:18:33");
  EXPECT_EQ(slurm_kill_line("all went well\n"), "");
}

TEST(SlurmText, EndReasonSaysWhatSlurmAndTheOutputSay) {
  const std::string killed =
      "slurmstepd: error: *** JOB 8 ON n1 CANCELLED AT 2026-11-26T20:18:33 DUE TO TIME LIMIT ***\n";
  EXPECT_EQ(slurm_end_reason({"TIMEOUT", "TimeLimit", "0:15"}, killed),
            "TIMEOUT (TimeLimit); JOB 8 ON n1 CANCELLED AT 2026-11-26T20:18:33 DUE TO TIME LIMIT");
  EXPECT_EQ(slurm_end_reason({}, killed), "JOB 8 ON n1 CANCELLED AT 2026-11-26T20:18:33 DUE TO TIME LIMIT");
  EXPECT_EQ(slurm_end_reason({"FAILED", "NonZeroExitCode", "127:0"},
                             "x\n/spool/slurm_script: 4: exec: scwarp: not found\n\n"),
            "FAILED (NonZeroExitCode); its output ends: /spool/slurm_script: 4: exec: scwarp: not found");
  EXPECT_EQ(slurm_end_reason({"NODE_FAIL", "", "0:0"}, ""), "NODE_FAIL");
  EXPECT_EQ(slurm_end_reason({}, " \n"),
            "Slurm has no record of it and it left no output (cancelled before it started?)");
}

TEST(SlurmText, ExitStatusOfAnExitCode) {
  EXPECT_EQ(slurm_exit_status("0:15", 1), 143);
  EXPECT_EQ(slurm_exit_status("127:0", 1), 127);
  EXPECT_EQ(slurm_exit_status("0:0", 1), 1);
  EXPECT_EQ(slurm_exit_status("", 1), 1);
}

}  // namespace
}  // namespace scwarp::cli
