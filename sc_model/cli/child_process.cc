#include "sc_model/cli/child_process.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "sc_model/common/error.h"

extern char** environ;

namespace scwarp::cli {
namespace {

// A temporary file for the child's stderr, removed when this goes away.
class TempFile {
 public:
  TempFile() {
    char name[] = "/tmp/scwarp-child-XXXXXX";
    const int fd = mkstemp(name);
    if (fd < 0) throw Error(std::string("cannot create a temporary file: ") + std::strerror(errno));
    close(fd);
    path_ = name;
  }
  ~TempFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }
  std::string read() const {
    std::ifstream in(path_);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

 private:
  std::string path_;
};

}  // namespace

ChildResult run_self(const std::vector<std::string>& args) {
  const std::string self = "/proc/self/exe";
  std::vector<char*> argv{const_cast<char*>("scwarp")};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  TempFile err;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.path().c_str(), O_WRONLY | O_TRUNC, 0);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, self.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw Error(std::string("cannot start a child scwarp: ") + std::strerror(rc));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw Error(std::string("waiting for a child scwarp: ") + std::strerror(errno));
  }
  ChildResult result;
  result.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.stderr_text = err.read();
  return result;
}

}  // namespace scwarp::cli
