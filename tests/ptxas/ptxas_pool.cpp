// ptxv_ptxas_check: the pool of ptxas runs (ptxas_pool.hpp).
#include "ptxas_pool.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

extern char** environ;

namespace ptxas_check {
namespace {


constexpr int kHeaderLines = 7;  // the form on file line kHeaderLines + 1 + i

std::string ptx_file(const std::vector<Item>& items, const std::vector<int>& batch) {
    std::string s =
        ".version 8.0\n"
        ".target sm_90\n"
        ".address_size 64\n"
        ".visible .entry ptxv_check()\n"
        "{\n"
        ".reg .b32 r<16>;\n"
        ".reg .pred p<4>;\n";
    for (int i : batch) s += items[static_cast<std::size_t>(i)].text + "\n";
    return s + "ret;\n}\n";
}

// -1 when ptxas could not be started.
int run_ptxas(const std::string& ptxas, const std::string& ptx, const std::string& log) {
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    std::string a0 = ptxas, a1 = "-arch=sm_90", a2 = "-o", a3 = "/dev/null", a4 = ptx;
    char* argv[] = {a0.data(), a1.data(), a2.data(), a3.data(), a4.data(), nullptr};
    pid_t pid = 0;
    const int err = posix_spawnp(&pid, ptxas.c_str(), &fa, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (err != 0) {
        errno = err;
        return -1;
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) return -1;
    }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string trim(std::string s) {
    const auto sp = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && sp(s.back())) s.pop_back();
    std::size_t i = 0;
    while (i < s.size() && sp(s[i])) ++i;
    return s.substr(i);
}

struct Diagnostics {
    std::map<int, std::string> by_line;  // file line -> error text
    std::string other;                   // errors that name no line of the file
};

// Lines look like "ptxas FILE, line N; error   : MESSAGE".
Diagnostics parse_log(const std::string& log, const std::string& ptx) {
    Diagnostics d;
    std::istringstream in(log);
    std::string line;
    const std::string key = ptx + ", line ";
    while (std::getline(in, line)) {
        line = trim(line);
        if (line.empty()) continue;
        const std::size_t at = line.find(key);
        if (at != std::string::npos) {
            const int n = std::atoi(line.c_str() + at + key.size());
            const std::size_t semi = line.find(';', at + key.size());
            std::string rest = semi == std::string::npos ? "" : line.substr(semi + 1);
            const std::size_t colon = rest.find(':');
            const std::string severity = trim(rest.substr(0, colon));
            if (severity == "warning") continue;
            const std::string message = colon == std::string::npos ? trim(rest) : trim(rest.substr(colon + 1));
            std::string& slot = d.by_line[n];
            slot += (slot.empty() ? "" : " | ") + (severity == "error" ? "" : severity + ": ") + message;
            continue;
        }
        if (line.find("Ptx assembly aborted due to errors") != std::string::npos) continue;
        if (line.find("warning") != std::string::npos && line.find("error") == std::string::npos &&
            line.find("fatal") == std::string::npos) {
            continue;
        }
        d.other += (d.other.empty() ? "" : " | ") + line;
    }
    return d;
}

}  // namespace

bool Runner::run(int jobs) {
    std::vector<std::thread> pool;
    for (int i = 0; i < jobs; ++i) pool.emplace_back([this] { work(); });
    for (std::thread& t : pool) t.join();
    return failure_.empty();
}

void Runner::work() {
    for (;;) {
        std::vector<int> batch;
        {
            std::unique_lock<std::mutex> lock(mu_);
            cv_.wait(lock, [this] { return !queue_.empty() || active_ == 0 || !failure_.empty(); });
            if (!failure_.empty() || queue_.empty()) {
                cv_.notify_all();
                return;
            }
            batch = std::move(queue_.front());
            queue_.pop_front();
            ++active_;
        }
        std::vector<std::vector<int>> more;
        std::string fail;
        judge(batch, more, fail);
        {
            std::lock_guard<std::mutex> lock(mu_);
            for (auto& b : more) queue_.push_back(std::move(b));
            if (!fail.empty() && failure_.empty()) failure_ = fail;
            --active_;
        }
        cv_.notify_all();
    }
}

void Runner::judge(const std::vector<int>& batch, std::vector<std::vector<int>>& more, std::string& fail) {
    const int id = runs_++;
    char num[16];
    std::snprintf(num, sizeof num, "_%05d", id);
    const std::string base = dir_ + "/" + prefix_ + num;
    const std::string ptx = base + ".ptx", log = base + ".log";
    {
        std::ofstream out(ptx, std::ios::binary);
        out << ptx_file(items_, batch);
    }
    const int rc = run_ptxas(ptxas_, ptx, log);
    const std::string spawn_error = rc < 0 ? std::strerror(errno) : "";
    const std::string text = read_file(log);
    if (!keep_) {
        std::remove(ptx.c_str());
        std::remove(log.c_str());
    }
    if (rc < 0) {
        fail = "cannot run " + ptxas_ + ": " + spawn_error;
        return;
    }
    if (rc == 0) {
        for (int i : batch) set(i, true, "");
        return;
    }
    const Diagnostics d = parse_log(text, ptx);
    std::vector<int> rest;
    for (std::size_t k = 0; k < batch.size(); ++k) {
        const auto it = d.by_line.find(kHeaderLines + 1 + static_cast<int>(k));
        if (it != d.by_line.end()) {
            set(batch[k], false, it->second);
        } else {
            rest.push_back(batch[k]);
        }
    }
    if (rest.empty()) return;
    if (rest.size() < batch.size()) {
        // ptxas stops before its emulation pass when a line fails, so
        // the lines without an error of their own are not yet cleared.
        more.push_back(std::move(rest));
        return;
    }
    if (batch.size() == 1) {
        set(batch[0], false, d.other.empty() ? "ptxas exit status " + std::to_string(rc) : d.other);
        return;
    }
    // An error that names no line: bisect until each culprit is alone.
    const std::size_t half = batch.size() / 2;
    more.emplace_back(batch.begin(), batch.begin() + static_cast<std::ptrdiff_t>(half));
    more.emplace_back(batch.begin() + static_cast<std::ptrdiff_t>(half), batch.end());
}

void Runner::set(int i, bool accepted, std::string message) {
    Item& it = items_[static_cast<std::size_t>(i)];
    it.done = true;
    it.accepted = accepted;
    it.message = std::move(message);
}

}  // namespace ptxas_check
