#include "sc_model/cli/child_process.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "sc_model/common/error.h"

namespace scwarp::cli {
namespace {

// A temporary file for a child's stderr, unlinked at once: it goes away with
// its last descriptor, so nothing is left in /tmp however the sweep ends.
int make_unlinked_temp_file() {
  char name[] = "/tmp/scwarp-child-XXXXXX";
  const int fd = mkostemp(name, O_CLOEXEC);
  if (fd < 0) throw Error(std::string("cannot create a temporary file: ") + std::strerror(errno));
  unlink(name);
  return fd;
}

std::string read_whole(int fd) {
  std::string text;
  char chunk[4096];
  ssize_t got = 0;
  for (off_t at = 0; (got = pread(fd, chunk, sizeof chunk, at)) > 0; at += got) text.append(chunk, got);
  return text;
}

// Between fork and exec only async-signal-safe calls. The child asks to be
// killed when its parent dies, whatever kills the parent (SIGKILL included),
// so no orphaned run goes on simulating after its sweep; the parent may have
// died before the request took effect, hence the getppid() check.
[[noreturn]] void become_child(const char* program, char* const argv[], int stderr_fd, pid_t parent) {
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(kExitChildSetup);
  const int null_fd = open("/dev/null", O_WRONLY);
  if (null_fd < 0 || dup2(null_fd, STDOUT_FILENO) < 0 || dup2(stderr_fd, STDERR_FILENO) < 0)
    _exit(kExitChildSetup);
  execv(program, argv);
  constexpr char kMessage[] = "scwarp: error: cannot start a child scwarp: exec failed\n";
  [[maybe_unused]] const ssize_t ignored = write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  _exit(kExitChildSetup);
}

pid_t spawn_self(const std::string& program, const std::vector<std::string>& args, int stderr_fd) {
  std::vector<char*> argv{const_cast<char*>("scwarp")};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) throw Error(std::string("cannot start a child scwarp: ") + std::strerror(errno));
  if (pid == 0) become_child(program.c_str(), argv.data(), stderr_fd, parent);
  return pid;
}

}  // namespace

SelfChild::SelfChild(const std::vector<std::string>& args, const std::string& program)
    : stderr_fd_(make_unlinked_temp_file()) {
  try {
    pid_ = spawn_self(program, args, stderr_fd_);
  } catch (...) {
    close(stderr_fd_);
    throw;
  }
}

SelfChild::~SelfChild() { close(stderr_fd_); }

ChildResult SelfChild::wait() {
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0) {
    if (errno != EINTR) throw Error(std::string("waiting for a child scwarp: ") + std::strerror(errno));
  }
  return result(status);
}

ChildResult SelfChild::result(int wait_status) const {
  ChildResult r;
  r.exit_status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 128 + WTERMSIG(wait_status);
  r.stderr_text = read_whole(stderr_fd_);
  return r;
}

EndedChild wait_any_child() {
  EndedChild ended;
  while ((ended.pid = waitpid(-1, &ended.wait_status, 0)) < 0) {
    if (errno != EINTR) throw Error(std::string("waiting for a child scwarp: ") + std::strerror(errno));
  }
  return ended;
}

ChildResult run_self(const std::vector<std::string>& args, const std::string& program) {
  return SelfChild(args, program).wait();
}

ProgramResult run_program(const std::vector<std::string>& argv) {
  const int out_fd = make_unlinked_temp_file();
  const int err_fd = make_unlinked_temp_file();
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out_fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_fd, STDERR_FILENO);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ProgramResult r;
  int status = 0;
  while (spawned == 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (spawned == 0) {
    r.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.stdout_text = read_whole(out_fd);
    r.stderr_text = read_whole(err_fd);
  }
  close(out_fd);
  close(err_fd);
  if (spawned != 0) throw Error(fmt::format("cannot run '{}': {}", argv[0], std::strerror(spawned)));
  return r;
}

}  // namespace scwarp::cli
