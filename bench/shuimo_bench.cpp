// shuimo-bench: seconds per iteration and peak memory of the engine, side by
// side with a bare forward+backward of the same truncated VGG-19, so the cost
// of the losses and the optimiser shows as a ratio. Not a test.
//
//   shuimo-bench [--sizes 128,256,512] [--iterations N] [--rounds R] [--weights FILE]
//                [--optimizer lbfgs|adam] [--device auto|cpu|cuda:N]
//   shuimo-bench --memory 512,1024,2048 [--iterations N] [--checkpointing off|on]
//       estimated against measured peak memory (VmHWM above the RSS before the job), single-scale,
//       with the seconds per evaluation.
//   shuimo-bench --gpu-table [--sizes 512,1024,2048,4096] [--precisions fp32,bf16,fp16] [--iterations N]
//                [--device cuda:0] [--preset-size 1920x1080] [--preset-iterations N]
//       seconds per evaluation, TFLOP/s (convolution and Gram work as job_plan.h counts it) and peak
//       device memory per size and precision, single-scale L-BFGS; then the default preset's
//       wall-clock time for one output size. tools/gpu_bench.sh runs it.
//   shuimo-bench --compare [--sizes 256] [--precisions fp32,bf16,fp16] [--device cuda]
//                [--fp32-tolerance 1e-3] [--reduced-tolerance 3e-2]
//       the objective of one fixed image on the device in each precision against the CPU in fp32:
//       relative difference and verdict per row; exit status 1 when one is outside its tolerance.
//   shuimo-bench --time-to-quality SIZE [--single-iterations N] [--multi-iterations N]
//       single-scale vs the default coarse-to-fine schedule: time and final objective at full size.
//   shuimo-bench --box 96,192 [--pairs CONTENT:STYLE,...] [--schedules default,single]
//                [--multi-iterations N] [--single-iterations N] [--reference-iterations N]
//                [--style-weights 1e3,1e6,1e9] [--tv-weights 1,0] [--inits content,noise,IMAGE] [--trajectory FILE.csv]
//                [--adam-rate LR] [--external-optimiser DIR] [--without-hand-off]
//       the engine's bounded L-BFGS against torch::optim::LBFGS (strong Wolfe, unbounded) on the same jobs:
//       each one's reported objective and the objective of its written 16-bit PNG read back; with
//       --reference-iterations the reference also with more evaluations, written (clamped); every
//       evaluation of every run to the CSV (tools/plot_box_trajectories.sh draws it); with --adam-rate
//       also the engine's projected Adam at that learning rate, written; with --external-optimiser
//       also an optimiser in another process over the pipes DIR/to_optimiser and DIR/from_optimiser
//       (tools/lbfgsb_reference.py: scipy's L-BFGS-B, the textbook bounded method), written; with
//       --without-hand-off also the bounded L-BFGS without its hand-off to Adam, written.
//   shuimo-bench --tiles SIZE --tile-size T [--tile-overlap O] [--iterations N] [--pairs CONTENT:STYLE] [--save DIR]
//       single-scale, N evaluations, untiled against tiled at SIZE (docs/TILING.md): seconds, the final
//       objective evaluated on the whole image, and the seam metric (mean gradient magnitude within 2 px
//       of the tile seams against elsewhere, on the tiled result and, as a control, on the untiled one).
//
// CONTENT and STYLE are image files, or generated pictures named pattern-N (bench_images.h). The
// engine-only build (LibTorch alone) reads no image files: there only pattern-N names work, they
// are the default --pairs, and --save writes PPM.

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <fstream>
#include <limits>
#include <memory>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "bench_images.h"
#include "process_memory.h"
#include "random_weights.h"
#include "device_memory.h"
#include "job_runner.h"
#include "losses.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/job_plan.h"
#include "shuimo/engine/memory_plan.h"
#include "shuimo/engine/schedule.h"
#include "shuimo/engine/style_engine.h"
#include "tensor_image.h"
#include "vgg19_features.h"

namespace {

using namespace shuimo;
using Clock = std::chrono::steady_clock;

using testing::current_rss_mib;
using testing::peak_rss_mib;
using testing::reset_peak_rss;
using testing::status_mib;

using bench::pattern_image;

// A square job on synthetic images: content and style differ in pattern.
engine::StyleJob square_job(int size, const std::string& device) {
    engine::StyleJob job;
    job.content = pattern_image(size, size, 1);
    job.styles.push_back(pattern_image(size, size, 7));
    job.params.device = device;
    job.params.size = size;
    return job;
}

struct TimingSink : engine::ProgressSink {
    std::vector<double> elapsed;
    void on_iteration(const engine::IterationReport& r) override { elapsed.push_back(r.elapsed_s); }
};

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

std::vector<double> parse_numbers(const std::string& text) {
    std::vector<double> numbers;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) numbers.push_back(std::stod(item));
    return numbers;
}

std::vector<int> parse_sizes(const std::string& text) {
    std::vector<int> sizes;
    for (const double n : parse_numbers(text)) sizes.push_back(static_cast<int>(n));
    return sizes;
}


// The GPU table: one row per size and precision, then the default preset.
int gpu_table_main(engine::StyleEngine& style_engine, const std::string& device, std::vector<int> sizes,
                   const std::string& precisions, int iterations, const std::string& preset_size,
                   int preset_iterations) {
    if (sizes.empty()) sizes = {512, 1024, 2048, 4096};
    iterations = std::max(iterations, 3);
    const torch::Device torch_device = engine::resolve_device(device);
    const auto info = engine::engine_info();
    std::printf("GPU table (torch %s, device %s, single-scale L-BFGS, %d evaluations per row, the first not timed)\n\n",
                info.torch_version.c_str(), engine::device_name(torch_device).c_str(), iterations);
    std::printf("| size | precision | s/evaluation | TFLOP/s | peak MiB | note |\n|---:|---|---:|---:|---:|---|\n");
    std::stringstream list(precisions);
    std::vector<std::string> kinds;
    for (std::string item; std::getline(list, item, ',');) kinds.push_back(item);
    for (const int size : sizes) {
        for (const auto& kind : kinds) {
            engine::StyleJob job = square_job(size, device);
            job.params.scales = 1;
            job.params.iterations = iterations;
            job.params.report_every = 1;  // a timestamp per evaluation (the loss read waits for the device)
            job.params.precision = engine::parse_precision(kind);
            job.params.checkpointing = engine::Checkpointing::Off;
            TimingSink sink;
            std::string note;
            double seconds = 0;
            engine::reset_peak_memory(torch_device);
            try {
                const auto result = style_engine.run(job, sink);
                if (sink.elapsed.size() >= 2)
                    seconds = (sink.elapsed.back() - sink.elapsed.front()) / static_cast<double>(sink.elapsed.size() - 1);
                note = result.precision != kind ? "ran as " + result.precision : "";
                if (result.out_of_memory_recoveries > 0) note += " recovered from OOM";
            } catch (const engine::EngineError& e) {
                note = e.what();
            }
            const double tflops = seconds > 0 ? engine::evaluation_gflop(size, size, job.params) / seconds / 1000.0 : 0.0;
            std::printf("| %d | %s | %.4f | %.3g | %.0f | %s |\n", size, kind.c_str(), seconds, tflops,
                        static_cast<double>(engine::peak_memory(torch_device)) / (1024.0 * 1024.0), note.c_str());
            std::fflush(stdout);
            engine::release_cached_memory(torch_device);
        }
    }
    const auto x = preset_size.find('x');
    const int width = std::stoi(preset_size.substr(0, x));
    const int height = std::stoi(preset_size.substr(x + 1));
    engine::StyleJob job;
    job.content = pattern_image(width, height, 1);
    job.styles.push_back(pattern_image(1024, 1024, 7));
    job.params.device = device;
    job.params.size = std::max(width, height);  // everything else: the defaults (auto levels, auto precision)
    if (preset_iterations > 0) job.params.iterations = preset_iterations;  // the CPU rehearsal's shortcut
    TimingSink sink;
    const auto result = style_engine.run(job, sink);
    std::printf("\ndefault preset, %dx%d output: %.1f s for %d evaluations (%s, %s)\n", width, height, result.seconds,
                result.iterations_run, result.device.c_str(), result.precision.c_str());
    return 0;
}

struct LossSink : engine::ProgressSink {
    std::vector<engine::IterationReport> reports;
    void on_iteration(const engine::IterationReport& r) override { reports.push_back(r); }
};

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> items;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, separator)) items.push_back(item);
    return items;
}

// The standing GPU check (tools/gpu_bench.sh): the objective of one fixed image evaluated on
// `device` in each precision against the CPU in fp32, relative difference within a tolerance.
// fp32 differs only by summation order (and TF32 convolutions, where cuDNN is allowed them);
// bf16/fp16 by their rounding. Exit status 1 when any row is outside its tolerance.
int compare_main(engine::StyleEngine& style_engine, const std::string& device, std::vector<int> sizes,
                 const std::string& precisions, double fp32_tolerance, double reduced_tolerance) {
    if (sizes.empty()) sizes = {256};
    const auto info = engine::engine_info();
    const torch::Device torch_device = engine::resolve_device(device);
    std::printf("compare: objective on %s against the CPU in fp32 (torch %s), one fixed image per size; tolerance "
                "fp32 %.0e, bf16/fp16 %.0e (relative)\n\n",
                engine::device_name(torch_device).c_str(), info.torch_version.c_str(), fp32_tolerance, reduced_tolerance);
    std::printf("| size | precision | CPU fp32 objective | %s objective | relative difference | verdict |\n"
                "|---:|---|---:|---:|---:|---|\n",
                engine::device_name(torch_device).c_str());
    int failures = 0;
    for (const int size : sizes) {
        engine::StyleJob job = square_job(size, "cpu");
        job.params.scales = 1;
        job.params.precision = engine::Precision::Fp32;
        // Neither the content nor the style: every loss term is far from zero.
        const engine::Image probe = pattern_image(size, size, 3);
        const double reference = style_engine.evaluate_objective(job, probe).total_loss;
        for (const auto& kind : split(precisions, ',')) {
            engine::StyleJob on_device = job;
            on_device.params.device = device;
            on_device.params.precision = engine::parse_precision(kind);
            std::string verdict;
            double value = std::numeric_limits<double>::quiet_NaN();
            try {
                value = style_engine.evaluate_objective(on_device, probe).total_loss;
            } catch (const engine::EngineError& e) {
                verdict = std::string("not run: ") + e.what();
            }
            const double difference = std::abs(value - reference) / std::abs(reference);
            const double tolerance = kind == "fp32" ? fp32_tolerance : reduced_tolerance;
            if (verdict.empty()) {
                const bool ok = std::isfinite(value) && difference <= tolerance;
                verdict = ok ? "ok" : "OUTSIDE TOLERANCE";
                if (!ok) ++failures;
            } else if (kind == "fp32" || torch_device.is_cuda()) {
                ++failures;  // fp32 must run everywhere, and a GPU must run every precision asked for
            }
            std::printf("| %d | %s | %.6g | %.6g | %.2e | %s |\n", size, kind.c_str(), reference, value, difference,
                        verdict.c_str());
            std::fflush(stdout);
        }
    }
    std::printf("\ncompare: %s\n", failures == 0 ? "all within tolerance" : "FAILED");
    return failures == 0 ? 0 : 1;
}

// The objective of an image as a 16-bit file holds it.
double written_objective(engine::StyleEngine& style_engine, const engine::StyleJob& job, const engine::Image& image) {
    return style_engine.evaluate_objective(job, bench::written_16bit(image)).total_loss;
}

struct BoxOptions {
    std::vector<int> sizes;
    std::string pairs;
    std::string schedules;
    int multi_iterations = 100;
    int single_iterations = 40;
    int reference_iterations = 0;  // 0: as many as the bounded run
    std::vector<double> style_weights{1e6};
    bool style_weights_given = false;  // --statistics-compare: W2's weights to try
    std::vector<double> tv_weights{1.0};
    std::string inits = "content";
    std::string trajectory;  // CSV of every evaluation of every run
    std::uint64_t seed = 0;  // of the noise start
    std::string device;
    double adam_rate = 0.0;  // > 0: projected Adam with this learning rate beside them (--adam-rate)
    bool without_hand_off = false;  // the bounded L-BFGS without the hand-off to Adam beside them
    std::string external;    // a folder with the two pipes of --external-optimiser
};

// --external-optimiser: an optimiser in another process runs the level over two named pipes,
// little-endian binary. To it: 2, n, then the n start samples (a level begins); 1, f, then n
// gradient samples (an evaluation); 0 (the level's evaluations are spent). From it: 1 then n
// samples (evaluate here: they are clamped into the box); 0 (it stopped on its own).
// Integers are int64, samples and f float64.
class ExternalPipes {
public:
    explicit ExternalPipes(const std::string& folder)
        : to_(std::fopen((folder + "/to_optimiser").c_str(), "wb")), from_(std::fopen((folder + "/from_optimiser").c_str(), "rb")) {
        if (to_ == nullptr || from_ == nullptr) {
            if (to_ != nullptr) std::fclose(to_);
            if (from_ != nullptr) std::fclose(from_);
            throw engine::ConfigError("--external-optimiser: cannot open the pipes in " + folder);
        }
    }
    ~ExternalPipes() {
        std::fclose(to_);
        std::fclose(from_);
    }
    ExternalPipes(const ExternalPipes&) = delete;
    ExternalPipes& operator=(const ExternalPipes&) = delete;

    void run(const std::vector<double>& start, const engine::ExternalObjective& objective) {
        put(2);
        put(static_cast<std::int64_t>(start.size()));
        put(start);
        std::vector<double> x(start.size()), gradient;
        for (;;) {
            std::int64_t tag = 0;
            if (std::fread(&tag, sizeof tag, 1, from_) != 1) throw engine::EngineError("--external-optimiser: the optimiser went away");
            if (tag == 0) return;
            if (std::fread(x.data(), sizeof(double), x.size(), from_) != x.size())
                throw engine::EngineError("--external-optimiser: a short point from the optimiser");
            double f = 0.0;
            try {
                f = objective(x, gradient);
            } catch (...) {
                put(0);  // spent (or cancelled): the optimiser's level is over
                throw;
            }
            put(1);
            std::fwrite(&f, sizeof f, 1, to_);
            put(gradient);
        }
    }

private:
    void put(std::int64_t value) {
        std::fwrite(&value, sizeof value, 1, to_);
        std::fflush(to_);
    }
    void put(const std::vector<double>& values) {
        std::fwrite(values.data(), sizeof(double), values.size(), to_);
        std::fflush(to_);
    }
    std::FILE* to_;
    std::FILE* from_;
};

// The engine's bounded L-BFGS against LibTorch's own unbounded L-BFGS (strong
// Wolfe, the image clamped only when written), side by side on the same jobs:
// the objective each reports (the reference's outside the box), the objective
// of each written 16-bit file, and, with --reference-iterations, the reference
// given more evaluations and clamped (what a file of it scores).
int box_main(engine::StyleEngine& style_engine, const BoxOptions& o) {
    const auto info = engine::engine_info();
    std::printf("box: the engine's bounded L-BFGS against torch::optim::LBFGS (strong Wolfe, unbounded), "
                "torch %s, %d threads, random weights\n\n",
                info.torch_version.c_str(), info.cpu_threads);
    std::printf("| size | content : style | schedule | style w | tv w | init | evaluations | torch LBFGS reported | "
                "torch LBFGS written | bounded reported | bounded written | bounded / torch reported |%s%s%s%s\n",
                o.reference_iterations > 0 ? " torch LBFGS written after more |" : "",
                o.adam_rate > 0.0 ? " projected Adam written | Adam / torch reported |" : "",
                o.without_hand_off ? " without hand-off written | without / torch reported |" : "",
                o.external.empty() ? "" : " external written | external / torch reported |");
    std::printf("|---:|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|%s%s%s%s\n", o.reference_iterations > 0 ? "---:|" : "",
                o.adam_rate > 0.0 ? "---:|---:|" : "", o.without_hand_off ? "---:|---:|" : "",
                o.external.empty() ? "" : "---:|---:|");
    std::fflush(stdout);
    std::FILE* csv = o.trajectory.empty() ? nullptr : std::fopen(o.trajectory.c_str(), "w");
    if (!o.trajectory.empty() && csv == nullptr) throw engine::ConfigError("cannot write " + o.trajectory);
    if (csv) std::fprintf(csv, "case,optimiser,evaluation,width,total,best\n");
    {  // warm-up: allocator, oneDNN kernel choice
        engine::StyleJob warm = square_job(64, o.device);
        warm.params.iterations = 3;
        LossSink quiet;
        style_engine.run(warm, quiet);
    }
    std::unique_ptr<ExternalPipes> pipes = o.external.empty() ? nullptr : std::make_unique<ExternalPipes>(o.external);
    int case_number = 0;
    for (const int size : o.sizes)
        for (const auto& pair : split(o.pairs, ','))
            for (const auto& schedule : split(o.schedules, ','))
                for (const double style_weight : o.style_weights)
                    for (const double tv_weight : o.tv_weights)
                        for (const auto& init : split(o.inits, ',')) {
                            const auto names = split(pair, ':');
                            if (names.size() != 2) throw engine::ConfigError("--pairs wants CONTENT:STYLE[,CONTENT:STYLE...]");
                            engine::StyleJob job;
                            job.content = bench::load_bench_image(names[0], size, size);
                            job.styles = {bench::load_bench_image(names[1], size, size)};
                            job.params.device = o.device;
                            job.params.size = size;
                            job.params.style_weight = style_weight;
                            job.params.tv_weight = tv_weight;
                            job.params.seed = o.seed;
                            job.params.scales = schedule == "single" ? 1 : 0;
                            job.params.iterations = schedule == "single" ? o.single_iterations : o.multi_iterations;
                            if (init == "noise") {
                                job.params.init = engine::InitKind::Noise;
                            } else if (init != "content") {
                                job.params.init = engine::InitKind::Image;
                                job.init_image = bench::load_bench_image(init, size, size);
                            }
                            ++case_number;
                            const std::string label = std::filesystem::path(names[0]).stem().string() + " : " +
                                                      std::filesystem::path(names[1]).stem().string();
                            auto run = [&](bool unbounded, int iterations, const char* name, double adam_rate = 0.0,
                                           bool external = false) {
                                engine::StyleJob j = job;
                                j.params.iterations = iterations;
                                if (adam_rate > 0.0) {
                                    j.params.optimizer = engine::OptimizerKind::Adam;
                                    j.params.learning_rate = adam_rate;
                                }
                                engine::set_unbounded_lbfgs_for_benchmark(unbounded);
                                if (external)
                                    engine::set_external_optimiser_for_benchmark(
                                        [&](const std::vector<double>& start, const engine::ExternalObjective& objective) {
                                            pipes->run(start, objective);
                                        });
                                LossSink sink;
                                engine::StyleResult result;
                                try {
                                    result = style_engine.run(j, sink);
                                } catch (...) {
                                    engine::set_external_optimiser_for_benchmark({});
                                    throw;
                                }
                                engine::set_external_optimiser_for_benchmark({});
                                engine::set_unbounded_lbfgs_for_benchmark(false);
                                if (csv) {
                                    for (const auto& r : sink.reports)
                                        std::fprintf(csv, "%d,%s,%d,%d,%.9g,%.9g\n", case_number, name, r.iteration, r.width,
                                                     r.total_loss, r.best_total_loss);
                                }
                                return std::pair{result.final_total_loss, written_objective(style_engine, j, result.image)};
                            };
                            const auto reference = run(true, job.params.iterations, "torch");
                            const auto bounded = run(false, job.params.iterations, "bounded");
                            std::string more;
                            if (o.reference_iterations > 0) {
                                const auto longer = run(true, o.reference_iterations, "torch_more");
                                char cell[64];
                                std::snprintf(cell, sizeof cell, " %.6g (%d) |", longer.second, o.reference_iterations);
                                more = cell;
                            }
                            if (o.adam_rate > 0.0) {
                                const auto adam = run(false, job.params.iterations, "adam", o.adam_rate);
                                char cell[64];
                                std::snprintf(cell, sizeof cell, " %.6g | %.3f |", adam.second, adam.second / reference.first);
                                more += cell;
                            }
                            if (o.without_hand_off) {
                                engine::set_hand_off_for_benchmark(false);
                                const auto plain = run(false, job.params.iterations, "without_hand_off");
                                engine::set_hand_off_for_benchmark(true);
                                char cell[64];
                                std::snprintf(cell, sizeof cell, " %.6g | %.3f |", plain.second, plain.second / reference.first);
                                more += cell;
                            }
                            if (pipes) {
                                const auto external = run(false, job.params.iterations, "external", 0.0, true);
                                char cell[64];
                                std::snprintf(cell, sizeof cell, " %.6g | %.3f |", external.second, external.second / reference.first);
                                more += cell;
                            }
                            std::printf("| %d | %s | %s | %.0e | %g | %s | %d | %.6g | %.6g | %.6g | %.6g | %.3f |%s\n", size,
                                        label.c_str(), schedule.c_str(), style_weight, tv_weight,
                                        std::filesystem::path(init).filename().c_str(), job.params.iterations, reference.first,
                                        reference.second, bounded.first, bounded.second, bounded.first / reference.first,
                                        more.c_str());
                            std::fflush(stdout);
                        }
    if (csv) std::fclose(csv);
    return 0;
}

// Mean gradient magnitude (luminance, forward differences) within `band` pixels of
// the seams against elsewhere.
double seam_ratio(const engine::Image& image, const std::vector<int>& seams_x, const std::vector<int>& seams_y, int band) {
    auto luma = [&](int x, int y) {
        return 0.299 * image.at(x, y, 0) + 0.587 * image.at(x, y, 1) + 0.114 * image.at(x, y, 2);
    };
    auto near = [&](const std::vector<int>& seams, int v) {
        for (const int s : seams)
            if (std::abs(v - s) <= band) return true;
        return false;
    };
    double on = 0.0, off = 0.0;
    long long on_count = 0, off_count = 0;
    for (int y = 0; y + 1 < image.height; ++y)
        for (int x = 0; x + 1 < image.width; ++x) {
            const double g = std::hypot(luma(x + 1, y) - luma(x, y), luma(x, y + 1) - luma(x, y));
            if (near(seams_x, x) || near(seams_y, y)) {
                on += g;
                ++on_count;
            } else {
                off += g;
                ++off_count;
            }
        }
    return on_count > 0 && off_count > 0 && off > 0.0 ? (on / on_count) / (off / off_count) : 0.0;
}

int tiles_main(engine::StyleEngine& style_engine, int size, int tile, int overlap, int iterations, const std::string& pair,
               const std::string& save, const std::string& device) {
    const auto info = engine::engine_info();
    engine::StyleJob job;
    const auto names = split(pair, ':');
    if (names.size() != 2) throw engine::ConfigError("--pairs wants CONTENT:STYLE");
    job.content = bench::load_bench_image(names[0], size, size);
    job.styles = {bench::load_bench_image(names[1], size, size)};
    job.params.device = device;
    job.params.size = size;
    job.params.scales = 1;
    job.params.iterations = iterations;
    job.params.tile_overlap = overlap;
    std::printf("tiles: untiled against tiled at %d, tile %d, overlap %d, %d evaluations per pixel, single scale "
                "(torch %s, %d threads, random weights)\n\n",
                size, tile, overlap, iterations, info.torch_version.c_str(), info.cpu_threads);
    {  // warm-up: allocator, oneDNN kernel choice
        engine::StyleJob warm = square_job(64, device);
        warm.params.iterations = 2;
        LossSink quiet;
        style_engine.run(warm, quiet);
    }
    engine::StyleJob tiled = job;
    tiled.params.tile_size = tile;
    const auto plan = engine::plan_job(job.content.width, job.content.height, tiled.params);
    const auto& level = plan.levels.back();
    if (!level.tiles.tiled()) throw engine::ConfigError("the tile size does not tile this size");
    std::vector<int> seams_x, seams_y;
    for (int pass = 0; pass < level.tiles.passes(); ++pass) {
        const auto grid = level.tiles.grid(level.size, pass);
        for (const int x : engine::seam_positions(grid.columns)) seams_x.push_back(x);
        for (const int y : engine::seam_positions(grid.rows)) seams_y.push_back(y);
    }
    std::printf("tiled plan: %d tiles of up to %dx%d in %d pass(es), %d tile evaluations\n\n", level.tiles.tiles(),
                level.tiles.largest.width, level.tiles.largest.height, level.tiles.passes(), level.evaluations);
    std::printf("| mode | evaluations | seconds | objective (whole, after) | content | style | tv | seam ratio (2 px band) |\n"
                "|---|---:|---:|---:|---:|---:|---:|---:|\n");
    double seconds[2] = {0, 0}, objective[2] = {0, 0};
    for (const bool with_tiles : {false, true}) {
        LossSink sink;
        const auto& run_job = with_tiles ? tiled : job;
        const auto result = style_engine.run(run_job, sink);
        const auto terms = style_engine.evaluate_objective(job, result.image);
        const double whole = terms.total_loss;
        const double ratio = seam_ratio(result.image, seams_x, seams_y, 2);
        seconds[with_tiles] = result.seconds;
        objective[with_tiles] = whole;
        std::printf("| %s | %d | %.1f | %.6g | %.4g | %.4g | %.4g | %.3f |\n", with_tiles ? "tiled" : "untiled",
                    result.iterations_run, result.seconds, whole, terms.content_loss * terms.weights.content,
                    terms.style_loss * terms.weights.style, terms.tv_loss * terms.weights.tv, ratio);
        std::fflush(stdout);
        if (!save.empty()) {
            bench::save_bench_image(std::filesystem::path(save) / (with_tiles ? "tiled" : "untiled"), result.image);
        }
    }
    std::printf("\ntiled / untiled: objective %.3fx, time %.3fx\n", objective[1] / objective[0], seconds[1] / seconds[0]);
    return 0;
}

// --- Style statistics (issue 28): the W2 term against the Gram loss --------------------

engine::StyleJob statistic_job(engine::StyleJob job, engine::StyleLossKind kind) {
    job.params.style_loss = kind;
    job.params.style_weight = engine::default_style_weight(kind);
    return job;
}

// Seconds per evaluation, Gram against W2, single-scale jobs at each size in alternating rounds
// (median per-evaluation time between the first and the last report).
int statistics_time_main(engine::StyleEngine& style_engine, const std::vector<int>& sizes, int iterations, int rounds,
                         const std::string& device) {
    const auto info = engine::engine_info();
    std::printf("statistics: seconds per evaluation, Gram against W2 (torch %s, %d threads, single scale, L-BFGS, median of "
                "%d alternating rounds of %d evaluations)\n\n",
                info.torch_version.c_str(), info.cpu_threads, rounds, iterations);
    std::printf("| size | Gram s/evaluation | W2 s/evaluation | W2 / Gram |\n|---:|---:|---:|---:|\n");
    for (const int size : sizes) {
        engine::StyleJob job = square_job(size, device);
        job.params.scales = 1;
        job.params.iterations = iterations + 1;
        std::vector<double> times[2];
        for (int round = 0; round < rounds; ++round) {
            for (const auto kind : {engine::StyleLossKind::Gram, engine::StyleLossKind::W2}) {
                TimingSink sink;
                style_engine.run(statistic_job(job, kind), sink);
                times[static_cast<int>(kind)].push_back((sink.elapsed.back() - sink.elapsed.front()) / iterations);
            }
        }
        const double gram = median(times[0]), w2 = median(times[1]);
        std::printf("| %d | %.3f | %.3f | %.3f |\n", size, gram, w2, w2 / gram);
        std::fflush(stdout);
    }
    return 0;
}

// Side by side at equal evaluations (the default schedule): each statistic's result under both
// objectives, each at its default style weight (or W2 at each of `w2_weights`), and the share of
// its own total that the content term has at the end (the balance a style weight sets).
int statistics_compare_main(engine::StyleEngine& style_engine, int size, int iterations, const std::string& pairs,
                            std::vector<double> w2_weights, const std::string& device) {
    const auto info = engine::engine_info();
    if (w2_weights.empty()) w2_weights = {engine::default_style_weight(engine::StyleLossKind::W2)};
    std::printf("statistics: Gram against W2 at %d evaluations, %d px, default schedule, Gram at style weight %g, torch %s, "
                "%d threads, random weights\n\n",
                iterations, size, engine::default_style_weight(engine::StyleLossKind::Gram), info.torch_version.c_str(),
                info.cpu_threads);
    std::printf("| content : style | W2 weight | start: raw W2 / raw Gram | Gram objective of the Gram result | ... of the W2 "
                "result | ratio | W2 objective of the W2 result | ... of the Gram result | ratio | content share of the "
                "total (Gram run / W2 run) | final / first total (Gram run / W2 run) | seconds (Gram / W2) |\n"
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|\n");
    for (const auto& pair : split(pairs, ',')) {
        const auto names = split(pair, ':');
        if (names.size() != 2) throw engine::ConfigError("--pairs wants CONTENT:STYLE[,CONTENT:STYLE...]");
        engine::StyleJob job;
        job.content = bench::load_bench_image(names[0], size, size);
        job.styles = {bench::load_bench_image(names[1], size, size)};
        job.params.device = device;
        job.params.size = size;
        job.params.iterations = iterations;
        const engine::StyleJob gram = statistic_job(job, engine::StyleLossKind::Gram);
        LossSink gram_sink;
        const auto gram_result = style_engine.run(gram, gram_sink);
        for (const double w2_weight : w2_weights) {
            engine::StyleJob w2 = statistic_job(job, engine::StyleLossKind::W2);
            w2.params.style_weight = w2_weight;
            LossSink w2_sink;
            const auto w2_result = style_engine.run(w2, w2_sink);
            // The content itself, at the output size: where a run starts (content init).
            const engine::Image start =
                engine::resample_like_a_run(job.content, {gram_result.raw_image.width, gram_result.raw_image.height});
            const double start_ratio =
                style_engine.evaluate_objective(w2, start).style_loss / style_engine.evaluate_objective(gram, start).style_loss;
            const auto gram_of_gram = style_engine.evaluate_objective(gram, gram_result.raw_image);
            const auto gram_of_w2 = style_engine.evaluate_objective(gram, w2_result.raw_image);
            const auto w2_of_w2 = style_engine.evaluate_objective(w2, w2_result.raw_image);
            const auto w2_of_gram = style_engine.evaluate_objective(w2, gram_result.raw_image);
            auto content_share = [](const engine::IterationReport& r) { return r.content_loss * r.weights.content / r.total_loss; };
            const std::string label =
                std::filesystem::path(names[0]).stem().string() + " : " + std::filesystem::path(names[1]).stem().string();
            auto fall = [](const engine::StyleResult& result, const LossSink& sink) {
                return result.final_total_loss / sink.reports.front().total_loss;
            };
            std::printf("| %s | %g | %.4g | %.6g | %.6g | %.2f | %.6g | %.6g | %.2f | %.2f / %.2f | %.2f / %.2f | %.0f / %.0f |\n",
                        label.c_str(),
                        w2_weight, start_ratio, gram_of_gram.total_loss, gram_of_w2.total_loss,
                        gram_of_w2.total_loss / gram_of_gram.total_loss, w2_of_w2.total_loss, w2_of_gram.total_loss,
                        w2_of_gram.total_loss / w2_of_w2.total_loss, content_share(gram_of_gram), content_share(w2_of_w2),
                        fall(gram_result, gram_sink), fall(w2_result, w2_sink), gram_result.seconds, w2_result.seconds);
            std::fflush(stdout);
        }
    }
    return 0;
}

// Newton–Schulz iterations for the square root of a symmetric positive definite matrix, as
// crowsonkb/style-transfer-pytorch's sqrtm.py does it (scaled by the Frobenius norm) — measured
// here only, against the engine's eigendecomposition.
torch::Tensor newton_schulz_root(const torch::Tensor& a, int iterations) {
    const torch::Tensor norm = a.norm();
    const torch::Tensor identity = torch::eye(a.size(0), a.options());
    torch::Tensor y = a / norm, z = identity;
    for (int i = 0; i < iterations; ++i) {
        const torch::Tensor t = (3.0 * identity - z.mm(y)) / 2.0;
        y = y.mm(t);
        z = t.mm(z);
    }
    return y * norm.sqrt();
}

// The accuracy of the square roots on real feature statistics (content against style, each
// layer): the W2 term with the engine's fp64 eigendecomposition, an fp32 one, and Newton–Schulz in
// fp32 (12 and 30 iterations), each against an independent fp64 reference: Σ √λ over the
// eigenvalues of the non-symmetric Σ·Σₛ. And the time of a target and of one evaluation's style
// term per layer.
int statistics_roots_main(const std::filesystem::path& weights, int size, const std::string& pairs) {
    torch::NoGradGuard no_grad;
    engine::Vgg19Features net;
    net->load_weights(engine::SafetensorsFile::open(weights));
    net->eval();
    const engine::StyleParams params;
    const std::vector<int> layers = engine::layer_indices(params.style_layers);
    std::printf("statistics: the W2 term per layer at %d px with each square root, relative error against fp64 "
                "eigenvalues of Σ·Σs (an independent computation)\n\n", size);
    std::printf("| content : style | layer | C | W2 term (reference) | fp64 eigh (engine) | fp32 eigh | Newton-Schulz fp32, 12 | "
                "Newton-Schulz fp32, 30 |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
    const double eps = engine::kW2Epsilon;
    for (const auto& pair : split(pairs, ',')) {
        const auto names = split(pair, ':');
        if (names.size() != 2) throw engine::ConfigError("--pairs wants CONTENT:STYLE[,CONTENT:STYLE...]");
        auto features = [&](const std::string& name) {
            const engine::Image image = bench::load_bench_image(name, size, size);
            const engine::Size at = engine::fit_long_side(image.width, image.height, size);
            return net->forward(engine::image_to_tensor(engine::resample_like_a_run(image, at)), layers, params.pooling);
        };
        const auto content = features(names[0]);
        const auto style = features(names[1]);
        const std::string label = std::filesystem::path(names[0]).stem().string() + " : " + std::filesystem::path(names[1]).stem().string();
        for (std::size_t l = 0; l < layers.size(); ++l) {
            const torch::Tensor image_statistic = engine::style_statistic(content[l], engine::StyleLossKind::W2);
            const engine::StyleTarget target =
                engine::style_targets({engine::style_statistic(style[l], engine::StyleLossKind::W2)}, engine::StyleLossKind::W2).front();
            const auto c = image_statistic.size(0) - 1;
            auto moments = [&](const torch::Tensor& s, torch::ScalarType type) {
                const torch::Tensor t = s.to(type);
                const torch::Tensor mean = t.narrow(0, 0, c).select(1, c);
                const torch::Tensor cov = t.narrow(0, 0, c).narrow(1, 0, c) - torch::outer(mean, mean) + eps * torch::eye(c, t.options());
                return std::pair{mean, cov};
            };
            const auto [mu, sigma] = moments(image_statistic, torch::kDouble);
            const auto [mu_s, sigma_s] = moments(target.statistic, torch::kDouble);
            const double mean_term = (mu - mu_s).pow(2).mean().item<double>();
            auto term = [&](double root_trace) {
                return mean_term + ((sigma.trace() + sigma_s.trace()).item<double>() - 2.0 * root_trace) / static_cast<double>(c);
            };
            const double reference = term(torch::real(torch::linalg_eigvals(sigma.mm(sigma_s))).clamp_min(0.0).sqrt().sum().item<double>());
            const double engine_term = engine::w2_term(image_statistic.to(torch::kDouble), target).item<double>();
            auto eigh_root = [](const torch::Tensor& a) {
                const auto [values, vectors] = torch::linalg_eigh(a);
                return (vectors * values.clamp_min(0.0).sqrt()).mm(vectors.t());
            };
            const auto [mu32, sigma32] = moments(image_statistic, torch::kFloat);
            const auto [mu_s32, sigma_s32] = moments(target.statistic, torch::kFloat);
            (void)mu32;
            (void)mu_s32;
            auto root_trace_with = [&](const std::function<torch::Tensor(const torch::Tensor&)>& root) {
                const torch::Tensor r = root(sigma_s32);
                return root(r.mm(sigma32).mm(r)).trace().to(torch::kDouble).item<double>();
            };
            const double eigh32 = term(root_trace_with(eigh_root));
            const double ns12 = term(root_trace_with([](const torch::Tensor& a) { return newton_schulz_root(a, 12); }));
            const double ns30 = term(root_trace_with([](const torch::Tensor& a) { return newton_schulz_root(a, 30); }));
            auto error = [&](double value) { return std::abs(value - reference) / std::abs(reference); };
            std::printf("| %s | %s | %lld | %.6g | %.1e | %.1e | %.1e | %.1e |\n", label.c_str(), params.style_layers[l].c_str(),
                        static_cast<long long>(c), reference, error(engine_term), error(eigh32), error(ns12), error(ns30));
            std::fflush(stdout);
        }
    }
    // Time, per style layer of the first pair at this size: the target (made once per level) and
    // one evaluation's style term, forward and backward from the features, for each statistic.
    std::printf("\n| layer | C x positions | W2 target (once per level) ms | Gram term forward+backward ms | W2 term "
                "forward+backward ms | of which fp64 eigvalsh forward+backward ms | the same in fp32 ms |\n"
                "|---|---|---:|---:|---:|---:|---:|\n");
    const auto names = split(split(pairs, ',').front(), ':');
    auto load = [&](const std::string& name) {
        const engine::Image image = bench::load_bench_image(name, size, size);
        return engine::image_to_tensor(engine::resample_like_a_run(image, engine::fit_long_side(image.width, image.height, size)));
    };
    const auto content = net->forward(load(names.at(0)), layers, params.pooling);
    const auto style = net->forward(load(names.at(1)), layers, params.pooling);
    auto ms = [](const std::function<void()>& body) {
        body();  // warm-up
        std::vector<double> times;
        for (int i = 0; i < 5; ++i) {
            const auto start = Clock::now();
            body();
            times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        }
        return median(times);
    };
    for (std::size_t l = 0; l < layers.size(); ++l) {
        torch::AutoGradMode grad(true);
        std::vector<engine::StyleTarget> target[2];
        const double target_ms = ms([&] {
            target[1] = engine::style_targets({engine::style_statistic(style[l], engine::StyleLossKind::W2)}, engine::StyleLossKind::W2);
        });
        target[0] = engine::style_targets({engine::style_statistic(style[l], engine::StyleLossKind::Gram)}, engine::StyleLossKind::Gram);
        auto term_ms = [&](engine::StyleLossKind kind) {
            return ms([&] {
                const torch::Tensor f = content[l].detach().requires_grad_(true);
                engine::style_loss_of_statistics({engine::style_statistic(f, kind)}, target[static_cast<int>(kind)], {}).backward();
            });
        };
        auto eigvalsh_ms = [&](torch::ScalarType type) {
            const torch::Tensor a = target[1].front().covariance.to(type);
            return ms([&] {
                const torch::Tensor x = a.detach().requires_grad_(true);
                torch::linalg_eigvalsh(x).clamp_min(0.0).sqrt().sum().backward();
            });
        };
        std::printf("| %s | %lld x %lld | %.1f | %.1f | %.1f | %.1f | %.1f |\n", params.style_layers[l].c_str(),
                    static_cast<long long>(content[l].size(1)), static_cast<long long>(content[l].size(2) * content[l].size(3)),
                    target_ms, term_ms(engine::StyleLossKind::Gram), term_ms(engine::StyleLossKind::W2), eigvalsh_ms(torch::kDouble),
                    eigvalsh_ms(torch::kFloat));
        std::fflush(stdout);
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<int> sizes{128, 256, 512};
    std::string sizes_text;  // as given; the GPU table has its own default
    int iterations = 5;
    int rounds = 3;
    std::string weights;
    std::string optimizer = "lbfgs";
    std::string checkpointing = "off";
    std::string device = "auto";
    int quality_size = 0;
    bool gpu_table = false;
    bool compare = false;
    double fp32_tolerance = 1e-3, reduced_tolerance = 3e-2;
    std::string precisions = "fp32,bf16,fp16";
    std::string preset_size = "1920x1080";
    int preset_iterations = 0;  // 0: the default preset's
    std::vector<int> memory_sizes;
    int single_iterations = 300;
    int multi_iterations = 300;
    std::vector<int> box_sizes;
    BoxOptions box;
    // Photographs as content (tests/data: CC0 and public domain), ink paintings as style; the
    // engine-only build has no image codecs: its default pairs are generated pictures.
    std::string pairs = bench::has_image_files() ? "tests/data/chelsea.png:assets/styles/misty_mountains.png,"
                                                   "tests/data/coffee.png:assets/styles/bamboo.png"
                                                 : "pattern-1:pattern-7,pattern-3:pattern-5";
    std::string schedules = "default,single";
    int tiles_size = 0, tile_size = 512, tile_overlap = 32;
    std::string save;
    std::vector<int> statistics_sizes;
    int statistics_compare_size = 0, statistics_roots_size = 0;
    std::string style_loss = "gram";
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::cerr << "shuimo-bench: " << arg << " needs a value\n";
                std::exit(2);
            }
            return argv[++i];
        };
        if (arg == "--sizes") {
            sizes_text = value();
            sizes = parse_sizes(sizes_text);
        }
        else if (arg == "--iterations") iterations = std::stoi(value());
        else if (arg == "--rounds") rounds = std::max(1, std::stoi(value()));
        else if (arg == "--weights") weights = value();
        else if (arg == "--optimizer") optimizer = value();
        else if (arg == "--checkpointing") checkpointing = value();
        else if (arg == "--device") device = value();
        else if (arg == "--time-to-quality") quality_size = std::stoi(value());
        else if (arg == "--gpu-table") gpu_table = true;
        else if (arg == "--compare") compare = true;
        else if (arg == "--fp32-tolerance") fp32_tolerance = std::stod(value());
        else if (arg == "--reduced-tolerance") reduced_tolerance = std::stod(value());
        else if (arg == "--precisions") precisions = value();
        else if (arg == "--preset-size") preset_size = value();
        else if (arg == "--preset-iterations") preset_iterations = std::stoi(value());
        else if (arg == "--memory") memory_sizes = parse_sizes(value());
        else if (arg == "--single-iterations") single_iterations = std::stoi(value());
        else if (arg == "--multi-iterations") multi_iterations = std::stoi(value());
        else if (arg == "--box") box_sizes = parse_sizes(value());
        else if (arg == "--reference-iterations") box.reference_iterations = std::stoi(value());
        else if (arg == "--style-weights") {
            box.style_weights = parse_numbers(value());
            box.style_weights_given = true;
        }
        else if (arg == "--tv-weights") box.tv_weights = parse_numbers(value());
        else if (arg == "--inits") box.inits = value();
        else if (arg == "--trajectory") box.trajectory = value();
        else if (arg == "--seed") box.seed = std::stoull(value());
        else if (arg == "--adam-rate") box.adam_rate = std::stod(value());
        else if (arg == "--without-hand-off") box.without_hand_off = true;
        else if (arg == "--external-optimiser") box.external = value();
        else if (arg == "--pairs") pairs = value();
        else if (arg == "--schedules") schedules = value();
        else if (arg == "--tiles") tiles_size = std::stoi(value());
        else if (arg == "--tile-size") tile_size = std::stoi(value());
        else if (arg == "--tile-overlap") tile_overlap = std::stoi(value());
        else if (arg == "--save") save = value();
        else if (arg == "--style-loss") style_loss = value();
        else if (arg == "--statistics-time") statistics_sizes = parse_sizes(value());
        else if (arg == "--statistics-compare") statistics_compare_size = std::stoi(value());
        else if (arg == "--statistics-roots") statistics_roots_size = std::stoi(value());
        else {
            std::cerr << "usage: shuimo-bench [--sizes 128,256,512] [--iterations N] [--rounds R] [--weights FILE] "
                         "[--optimizer lbfgs|adam] [--device auto|cpu|cuda:N]\n"
                         "       shuimo-bench --time-to-quality SIZE [--single-iterations N] [--multi-iterations N]\n"
                         "       shuimo-bench --memory 512,1024,2048 [--iterations N] [--optimizer ...]\n"
                         "       shuimo-bench --gpu-table [--sizes ...] [--precisions fp32,bf16,fp16] [--preset-size WxH] "
                         "[--preset-iterations N]\n"
                         "       shuimo-bench --compare [--sizes 256] [--precisions ...] [--fp32-tolerance T] "
                         "[--reduced-tolerance T]\n";
            return 2;
        }
    }

    try {
        // Made before anything runs: a missing folder must not cost a measurement taken first.
        if (!save.empty()) std::filesystem::create_directories(save);
        std::filesystem::path weights_path = weights;
        std::filesystem::path temp_weights;
        if (weights.empty()) {
            // Timing does not depend on the weights' values.
            temp_weights = std::filesystem::temp_directory_path() / ("shuimo-bench-weights-" + std::to_string(::getpid()) + ".safetensors");
            testing::write_random_vgg19_weights(temp_weights, {});
            weights_path = temp_weights;
        }
        engine::StyleEngine style_engine(weights_path);
        const auto info = engine::engine_info();
        const torch::Device torch_device = engine::resolve_device(device);

        if (!memory_sizes.empty()) {
            const bool checkpointed = engine::parse_checkpointing(checkpointing) == engine::Checkpointing::On;
            const bool on_gpu = torch_device.is_cuda();
            std::printf("memory: estimate vs measured %s (torch %s, %s, %d threads, %s, %d iterations, single-scale, "
                        "checkpointing %s)\n\n",
                        on_gpu ? "peak allocated on the GPU" : "peak RSS", info.torch_version.c_str(),
                        engine::device_name(torch_device).c_str(), info.cpu_threads, optimizer.c_str(), iterations,
                        checkpointing.c_str());
            std::printf("| size | estimated MiB | measured MiB | error | s/evaluation |\n|---:|---:|---:|---:|---:|\n");
            {
                // One small job first: thread pools and oneDNN's one-time state are not the job's.
                engine::StyleJob warm = square_job(64, device);
                warm.params.iterations = 2;
                TimingSink sink;
                style_engine.run(warm, sink);
            }
            for (const int size : memory_sizes) {
                engine::StyleJob job = square_job(size, device);
                job.params.scales = 1;
                job.params.iterations = iterations;
                job.params.optimizer = engine::parse_optimizer(optimizer);
                job.params.checkpointing = checkpointed ? engine::Checkpointing::On : engine::Checkpointing::Off;
                const double before = on_gpu ? 0.0 : current_rss_mib();
                if (on_gpu) engine::release_cached_memory(torch_device);
                engine::reset_peak_memory(torch_device);
                reset_peak_rss();
                TimingSink sink;
                const auto result = style_engine.run(job, sink);
                const double measured = on_gpu ? static_cast<double>(engine::peak_memory(torch_device)) / (1024.0 * 1024.0)
                                               : peak_rss_mib() - before;
                const double estimated =
                    static_cast<double>(engine::estimate_level_memory(size, size, job.params, iterations, 4, checkpointed).total()) /
                    (1024.0 * 1024.0);
                std::printf("| %d | %.0f | %.0f | %+.1f%% | %.2f |\n", size, estimated, measured,
                            100.0 * (estimated / measured - 1.0), result.seconds / std::max(1, result.iterations_run));
                std::fflush(stdout);
            }
            if (!temp_weights.empty()) std::filesystem::remove(temp_weights);
            return 0;
        }

        if (!statistics_sizes.empty() || statistics_compare_size > 0 || statistics_roots_size > 0) {
            const int status = !statistics_sizes.empty() ? statistics_time_main(style_engine, statistics_sizes, iterations, rounds, device)
                               : statistics_compare_size > 0
                                   ? statistics_compare_main(style_engine, statistics_compare_size, iterations, pairs,
                                                             box.style_weights_given ? box.style_weights : std::vector<double>{}, device)
                                   : statistics_roots_main(weights_path, statistics_roots_size, pairs);
            if (!temp_weights.empty()) std::filesystem::remove(temp_weights);
            return status;
        }

        if (tiles_size > 0) {
            const std::string pair = pairs.substr(0, pairs.find(','));
            const int status = tiles_main(style_engine, tiles_size, tile_size, tile_overlap, iterations, pair, save, device);
            if (!temp_weights.empty()) std::filesystem::remove(temp_weights);
            return status;
        }

        if (!box_sizes.empty()) {
            box.sizes = box_sizes;
            box.pairs = pairs;
            box.schedules = schedules;
            box.multi_iterations = multi_iterations;
            box.single_iterations = single_iterations;
            box.device = device;
            const int status = box_main(style_engine, box);
            if (!temp_weights.empty()) std::filesystem::remove(temp_weights);
            return status;
        }

        if (compare) {
            const int status = compare_main(style_engine, device, parse_sizes(sizes_text), precisions, fp32_tolerance,
                                            reduced_tolerance);
            if (!temp_weights.empty()) std::filesystem::remove(temp_weights);
            return status;
        }

        if (gpu_table) {
            const int status = gpu_table_main(style_engine, device, parse_sizes(sizes_text), precisions, iterations, preset_size,
                                            preset_iterations);
            if (!temp_weights.empty()) std::filesystem::remove(temp_weights);
            return status;
        }

        if (quality_size > 0) {
            engine::StyleJob job = square_job(quality_size, device);
            job.params.optimizer = engine::parse_optimizer(optimizer);
            std::printf("time to quality at %dx%d (torch %s, %d threads, %s, weights: %s)\n\n", quality_size, quality_size,
                        info.torch_version.c_str(), info.cpu_threads, optimizer.c_str(),
                        weights.empty() ? "random" : weights.c_str());
            std::printf("| schedule | levels | evaluations | seconds | final objective (full size) |\n");
            std::printf("|---|---|---:|---:|---:|\n");
            double single_seconds = 0, single_loss = 0;
            for (const bool multi : {false, true}) {
                job.params.scales = multi ? 0 : 1;
                job.params.iterations = multi ? multi_iterations : single_iterations;
                std::string plan;
                for (const auto& level : engine::plan_levels(quality_size, quality_size, job.params))
                    plan += (plan.empty() ? "" : " ") + std::to_string(level.width) + "x" + std::to_string(level.iterations);
                TimingSink sink;
                const auto result = style_engine.run(job, sink);
                std::printf("| %s | %s | %d | %.1f | %.6g |\n", multi ? "multi-scale (default)" : "single-scale",
                            plan.c_str(), result.iterations_run, result.seconds, result.final_total_loss);
                std::fflush(stdout);
                if (!multi) {
                    single_seconds = result.seconds;
                    single_loss = result.final_total_loss;
                } else {
                    std::printf("\nmulti-scale: %.2fx the time, objective %.4f of single-scale's\n",
                                result.seconds / single_seconds, result.final_total_loss / single_loss);
                }
            }
            if (!temp_weights.empty()) std::filesystem::remove(temp_weights);
            return 0;
        }

        // A second copy of the network for the bare pass.
        engine::Vgg19Features bare;
        bare->load_weights(engine::SafetensorsFile::open(weights_path));
        bare->to(torch_device);
        if (!temp_weights.empty()) std::filesystem::remove(temp_weights);

        engine::StyleParams defaults;
        defaults.device = device;
        defaults.optimizer = engine::parse_optimizer(optimizer);
        defaults.iterations = iterations;
        defaults.scales = 1;  // per-iteration cost at one size, not a pyramid
        defaults.style_loss = engine::parse_style_loss(style_loss);
        defaults.style_weight = engine::default_style_weight(defaults.style_loss);
        std::vector<std::string> layers = defaults.content_layers;
        layers.insert(layers.end(), defaults.style_layers.begin(), defaults.style_layers.end());
        std::sort(layers.begin(), layers.end());
        layers.erase(std::unique(layers.begin(), layers.end()), layers.end());
        const std::vector<int> capture = engine::layer_indices(layers);

        std::printf("shuimo-bench: torch %s, device %s, %d CPU threads, optimizer %s, median of %d alternating rounds "
                    "of %d iterations\n",
                    info.torch_version.c_str(), torch_device.str().c_str(), info.cpu_threads, optimizer.c_str(), rounds,
                    iterations);
        std::printf("weights: %s\n\n", weights.empty() ? "random (timing only)" : weights.c_str());
        std::printf("| size | bare fwd+bwd s/it | engine s/it | overhead | bare peak RSS MiB | engine peak RSS MiB |\n");
        std::printf("|-----:|------------------:|------------:|---------:|------------------:|--------------------:|\n");

        for (const int size : sizes) {
            // Bare: forward to the same layers, backward of their sum.
            torch::Tensor x = torch::rand({1, 3, size, size}).to(torch_device).requires_grad_(true);
            auto bare_step = [&] {
                auto features = bare->forward(x, capture, engine::PoolingKind::Max);
                torch::Tensor total = torch::zeros({}, x.options());
                for (auto& f : features) total = total + f.sum();
                total.backward();
                x.mutable_grad().zero_();
                (void)total.item<double>();  // same host read per iteration as the engine's progress
            };
            auto bare_round = [&] {
                const auto start = Clock::now();
                for (int i = 0; i < iterations; ++i) bare_step();
                return std::chrono::duration<double>(Clock::now() - start).count() / iterations;
            };

            // Engine: a real job at this size; per-iteration time between the first and last report.
            engine::StyleJob job = square_job(size, device);
            job.params = defaults;
            job.params.size = size;
            job.params.iterations = iterations + 1;
            auto engine_round = [&] {
                TimingSink sink;
                style_engine.run(job, sink);
                return (sink.elapsed.back() - sink.elapsed.front()) / iterations;
            };

            // Rounds alternate so that a slow spell of a shared machine hits both sides;
            // the medians are compared. Peak RSS is taken over each side's rounds.
            bare_step();  // warm-up
            std::vector<double> bare_times, engine_times;
            double bare_peak = 0, engine_peak = 0;
            for (int round = 0; round < rounds; ++round) {
                reset_peak_rss();
                bare_times.push_back(bare_round());
                bare_peak = std::max(bare_peak, peak_rss_mib());
                reset_peak_rss();
                engine_times.push_back(engine_round());
                engine_peak = std::max(engine_peak, peak_rss_mib());
            }
            const double bare_s = median(bare_times);
            const double engine_s = median(engine_times);
            std::printf("| %4d | %17.4f | %11.4f | %+7.1f%% | %17.0f | %19.0f |\n", size, bare_s, engine_s,
                        100.0 * (engine_s / bare_s - 1.0), bare_peak, engine_peak);
            std::fflush(stdout);
        }
        std::printf("\nRSS after the runs: %.0f MiB\n", current_rss_mib());
    } catch (const std::exception& e) {
        std::cerr << "shuimo-bench: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
