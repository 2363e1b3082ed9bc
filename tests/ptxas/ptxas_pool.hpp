// ptxv_ptxas_check: ptxas runs. A text is an "item"; items are compiled in
// batches by a pool of ptxas processes, one per line of a file, and each gets
// ptxas's verdict.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace ptxas_check {

struct Item {
    explicit Item(std::string t) : text(std::move(t)) {}
    std::string text;
    bool done = false;
    bool accepted = false;
    std::string message;  // ptxas's error when rejected
};

// Runs ptxas (for sm_90) over batches of items (indices into `items`), `jobs`
// at a time, writing its files into `dir` as PREFIX_NNNNN.ptx and .log (kept
// with `keep`). A batch whose error names no line is bisected until each
// culprit is alone.
class Runner {
public:
    Runner(std::string ptxas, std::string dir, std::string prefix, bool keep, std::vector<Item>& items)
        : ptxas_(std::move(ptxas)), dir_(std::move(dir)), prefix_(std::move(prefix)), keep_(keep), items_(items) {}

    void add(std::vector<int> batch) { queue_.push_back(std::move(batch)); }

    // false when ptxas could not be run at all.
    bool run(int jobs);
    const std::string& failure() const { return failure_; }
    int runs() const { return runs_.load(); }

private:
    std::string ptxas_, dir_, prefix_;
    bool keep_;
    std::vector<Item>& items_;
    std::deque<std::vector<int>> queue_;
    std::mutex mu_;
    std::condition_variable cv_;
    int active_ = 0;
    std::atomic<int> runs_{0};
    std::string failure_;

    void work();
    void judge(const std::vector<int>& batch, std::vector<std::vector<int>>& more, std::string& fail);
    void set(int i, bool accepted, std::string message);
};

}  // namespace ptxas_check
