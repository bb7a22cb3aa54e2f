#include "sc_model/cli/child_process.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "sc_model/common/error.h"

extern char** environ;

namespace scwarp::cli {
namespace {

// A fresh temporary file for a child's stderr.
std::string make_temp_file() {
  char name[] = "/tmp/scwarp-child-XXXXXX";
  const int fd = mkstemp(name);
  if (fd < 0) throw Error(std::string("cannot create a temporary file: ") + std::strerror(errno));
  close(fd);
  return name;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

pid_t spawn_self(const std::vector<std::string>& args, const std::string& stderr_path) {
  std::vector<char*> argv{const_cast<char*>("scwarp")};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr_path.c_str(), O_WRONLY | O_TRUNC, 0);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, "/proc/self/exe", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw Error(std::string("cannot start a child scwarp: ") + std::strerror(rc));
  return pid;
}

}  // namespace

SelfChild::SelfChild(const std::vector<std::string>& args) : stderr_path_(make_temp_file()) {
  try {
    pid_ = spawn_self(args, stderr_path_);
  } catch (...) {
    std::remove(stderr_path_.c_str());
    throw;
  }
}

SelfChild::~SelfChild() { std::remove(stderr_path_.c_str()); }

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
  r.stderr_text = read_text(stderr_path_);
  return r;
}

EndedChild wait_any_child() {
  EndedChild ended;
  while ((ended.pid = waitpid(-1, &ended.wait_status, 0)) < 0) {
    if (errno != EINTR) throw Error(std::string("waiting for a child scwarp: ") + std::strerror(errno));
  }
  return ended;
}

ChildResult run_self(const std::vector<std::string>& args) { return SelfChild(args).wait(); }

}  // namespace scwarp::cli
