// Runs this same program again as a child process. SystemC elaborates one
// GPU per process, so a command that simulates several runs (bench, sweep)
// gives each its own process; that also measures each run's own peak memory.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace scwarp::cli {

struct ChildResult {
  int exit_status = 0;      // 128 + signal number when the child was killed
  std::string stderr_text;  // what the child wrote on stderr
};

// Exit status of a child that could not become scwarp (exec failed, or its
// parent was already gone).
inline constexpr int kExitChildSetup = 127;

// The program a child runs by default: this very binary.
inline constexpr const char* kThisProgram = "/proc/self/exe";

// A child scwarp started in the background; its stdout is discarded and its
// stderr kept in an unlinked temporary file until the result is collected.
// The child is killed when this process dies (Linux's parent-death signal).
class SelfChild {
 public:
  // `args` are the arguments after the program name; `program` is this
  // binary unless another build's scwarp is named (`bench --against`).
  // Throws scwarp::Error if the child cannot be started.
  explicit SelfChild(const std::vector<std::string>& args, const std::string& program = kThisProgram);
  ~SelfChild();
  SelfChild(const SelfChild&) = delete;
  SelfChild& operator=(const SelfChild&) = delete;

  pid_t pid() const { return pid_; }
  // Blocks until this child ends.
  ChildResult wait();
  // The result once the child has been reaped elsewhere (wait_any_child) with
  // this raw wait status.
  ChildResult result(int wait_status) const;

 private:
  int stderr_fd_ = -1;
  pid_t pid_ = 0;
};

struct EndedChild {
  pid_t pid = 0;
  int wait_status = 0;  // raw, for SelfChild::result
};

// Blocks until any child of this process ends. Throws scwarp::Error when
// there is none.
EndedChild wait_any_child();

// Starts a child (this binary, or `program`) and waits for it.
ChildResult run_self(const std::vector<std::string>& args, const std::string& program = kThisProgram);

// What another program (sbatch, squeue) printed and how it ended.
struct ProgramResult {
  int exit_status = 0;  // 128 + signal number when it was killed
  std::string stdout_text, stderr_text;
};

// Runs `argv[0]`, looked up on PATH, with the other arguments and waits for
// it. Throws scwarp::Error naming the program when it cannot be started
// (not installed, not on PATH).
ProgramResult run_program(const std::vector<std::string>& argv);

}  // namespace scwarp::cli
