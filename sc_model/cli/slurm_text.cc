#include "sc_model/cli/slurm_text.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

#include "sc_model/common/error.h"

namespace scwarp::cli {
namespace {

std::string shell_quoted(const std::string& word) {
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

bool all_digits(const std::string& s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::istringstream in(text);
  std::string part;
  while (std::getline(in, part, separator)) parts.push_back(part);
  return parts;
}

// "2-5,7%1" (scontrol) or "[2-5,7%1]" (sacct) into its indices; a malformed
// range gives none.
std::vector<unsigned> task_indices(std::string ranges) {
  if (ranges.starts_with('[') && ranges.ends_with(']')) ranges = ranges.substr(1, ranges.size() - 2);
  ranges = ranges.substr(0, ranges.find('%'));
  std::vector<unsigned> indices;
  for (const std::string& range : split(ranges, ',')) {
    const size_t dash = range.find('-');
    const std::string first = range.substr(0, dash);
    const std::string last = dash == std::string::npos ? first : range.substr(dash + 1);
    if (!all_digits(first) || !all_digits(last) || first.size() > 7 || last.size() > 7) return {};
    for (unsigned i = std::stoul(first); i <= std::stoul(last); ++i) indices.push_back(i);
  }
  return indices;
}

void add_tasks(std::map<unsigned, SlurmTaskState>& tasks, const std::string& ranges, const SlurmTaskState& state) {
  for (unsigned i : task_indices(ranges)) tasks[i] = state;
}

// The value of " NAME=" in one line of `scontrol -o` (values have no spaces
// for the fields read here).
std::string field(const std::string& line, const std::string& name) {
  const std::string key = name + "=";
  size_t at = line.find(key);
  while (at != std::string::npos && at > 0 && line[at - 1] != ' ') at = line.find(key, at + 1);
  if (at == std::string::npos) return "";
  const size_t start = at + key.size();
  return line.substr(start, line.find(' ', start) - start);
}

// The last line of `text` that is not blank.
std::string last_line(const std::string& text) {
  const size_t end = text.find_last_not_of(" \n");
  if (end == std::string::npos) return "";
  const size_t start = text.rfind('\n', end) + 1;  // npos + 1 == 0: the first line
  return text.substr(start, end - start + 1);
}

}  // namespace

std::string slurm_array_spec(size_t tasks, unsigned max_running) {
  std::string spec = fmt::format("0-{}", tasks - 1);
  if (max_running > 0) spec += fmt::format("%{}", max_running);
  return spec;
}

std::string slurm_batch_script(const std::string& scwarp, const std::string& plan) {
  return fmt::format(
      "#!/bin/sh\n"
      "# Written by scwarp sweep --backend slurm: array task I runs the run of index I\n"
      "# in the plan (docs/cli.md).\n"
      "exec {} sweep-task --plan {} --index \"$SLURM_ARRAY_TASK_ID\"\n",
      shell_quoted(scwarp), shell_quoted(plan));
}

std::string slurm_job_id(const std::string& sbatch_output) {
  std::string first_line = sbatch_output.substr(0, sbatch_output.find('\n'));
  const std::string id = first_line.substr(0, first_line.find(';'));
  if (!all_digits(id)) throw Error(fmt::format("sbatch printed no job id: '{}'", first_line));
  return id;
}

std::map<unsigned, SlurmTaskState> parse_scontrol_tasks(const std::string& text) {
  std::map<unsigned, SlurmTaskState> tasks;
  for (const std::string& line : split(text, '\n')) {
    const std::string reason = field(line, "Reason");
    add_tasks(tasks, field(line, "ArrayTaskId"),
              {field(line, "JobState"), reason == "None" ? "" : reason, field(line, "ExitCode")});
  }
  return tasks;
}

std::map<unsigned, SlurmTaskState> parse_sacct_tasks(const std::string& text) {
  std::map<unsigned, SlurmTaskState> tasks;
  for (const std::string& line : split(text, '\n')) {
    const std::vector<std::string> cols = split(line, '|');
    if (cols.size() < 3) continue;
    const size_t underscore = cols[0].find('_');
    if (underscore == std::string::npos) continue;
    add_tasks(tasks, cols[0].substr(underscore + 1), {cols[1].substr(0, cols[1].find(' ')), "", cols[2]});
  }
  return tasks;
}

std::string slurm_kill_line(const std::string& output) {
  const size_t start = output.find("*** JOB ");
  if (start == std::string::npos) return "";
  const size_t end = output.find(" ***", start + 4);
  if (end == std::string::npos) return "";
  return output.substr(start + 4, end - start - 4);
}

std::string slurm_end_reason(const SlurmTaskState& state, const std::string& output) {
  std::vector<std::string> parts;
  if (!state.state.empty()) parts.push_back(state.state + (state.reason.empty() ? "" : " (" + state.reason + ")"));
  const std::string kill_line = slurm_kill_line(output);
  const std::string last = last_line(output);
  if (!kill_line.empty()) parts.push_back(kill_line);
  else if (!last.empty()) parts.push_back("its output ends: " + last);
  if (parts.empty()) return "Slurm has no record of it and it left no output (cancelled before it started?)";
  return fmt::format("{}", fmt::join(parts, "; "));
}

int slurm_exit_status(const std::string& exit_code, int otherwise) {
  const size_t colon = exit_code.find(':');
  const std::string code = exit_code.substr(0, colon);
  const std::string signal = colon == std::string::npos ? "" : exit_code.substr(colon + 1);
  if (all_digits(signal) && signal.size() < 4 && std::stoi(signal) != 0) return 128 + std::stoi(signal);
  if (all_digits(code) && code.size() < 4 && std::stoi(code) != 0) return std::stoi(code);
  return otherwise;
}

}  // namespace scwarp::cli
