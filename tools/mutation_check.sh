#!/usr/bin/env bash
# Seeded defects, one at a time: each is a small edit of the engine, the batch runner or the
# UI glue that a guard test (issue 29) must catch. For each: apply the edit, build the test's
# target, run the test functions named, expect a failure, revert the file (git checkout).
#
#   tools/mutation_check.sh [build dir (default build/release)] [name filter (grep -E)]
#
# A defect that the test does not catch is reported SURVIVED and the script exits 1. A file
# with uncommitted changes is refused (the revert would lose them). JOBS=N: build parallelism.
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
filter=${2:-.}
jobs=${JOBS:-2}
tests="$build/tests"
weights="$tests/test_weights/vgg19.safetensors"

# name | file | text as it is | text with the defect | target | test function(s), ';'-separated
mutations=(
"bt601-coefficients|style_engine/src/color.cpp|0.299f * r + 0.587f * g|0.309f * r + 0.577f * g|tst_color|rgbToYuvMatchesBt601HandValues;preserveColorsIsContentShiftedByLumaDifference"
"bt601-inverse|style_engine/src/color.cpp|(y - 0.299f * r - 0.114f * b) / 0.587f|(y - 0.309f * r - 0.114f * b) / 0.577f|tst_color|preserveColorsIsContentShiftedByLumaDifference"
"batch-resets-style-weight|batch/src/batch_runner.cpp|            style_job.params = job.params;|            style_job.params = job.params; style_job.params.style_weight = engine::StyleParams{}.style_weight;|tst_batch_runner|jobPixelsAreTheEnginesOnTheSameParameters"
"batch-drops-blend|batch/src/batch_runner.cpp|            style_job.style_blend = job.style.blend;|            style_job.style_blend = {};|tst_batch_runner|jobPixelsAreTheEnginesOnTheSameParameters"
"batch-pause-ignored|batch/src/batch_runner.cpp|        hold_while(lock, [&] { return !paused \|\| stopping \|\| cancelling_all \|\| cancel_ids.contains(id); });|        (void)id;|tst_batch_runner|pauseHoldsTheJobsAndResumeGoesOn"
"loss-scale-not-divided|style_engine/src/job_runner.cpp|            x.mutable_grad().div_(used_scale);|            (void)used_scale;|tst_style_engine|powerOfTwoLossScaleReproducesTheUnscaledRun:fp32, 1024"
"loss-scale-divided-by-the-updated-scale|style_engine/src/job_runner.cpp|            x.mutable_grad().div_(used_scale);|            x.mutable_grad().div_(level.scaler->scale());|tst_style_engine|powerOfTwoLossScaleReproducesTheUnscaledRun:fp32, 1024, grows at 50"
"tiled-loss-nan|style_engine/src/job_runner.cpp|                                              : landed_objective(canvas, content, grams, gram_window, regions);|                                              : torch::full({}, kNaN, torch::TensorOptions().dtype(torch::kFloat));|tst_tiled_level|tiledResultReportsTheWholeImagesObjective"
"landed-content-term-halved|style_engine/src/job_runner.cpp|content_term += squared[l] / elements[l];|content_term += 0.5 * squared[l] / elements[l];|tst_tiled_level|landedObjectiveInWindowsIsTheWholeImages"
"tiled-progress-untiled-costs|style_engine/src/job_runner.cpp|    costs_ = level_costs(plan);|    costs_ = level_costs(levels_, p_);|tst_tiled_level|tiledProgressIsMonotoneAndReachesOneAtTheEnd"
"refinish-inter-area|session/src/refinish.cpp|engine::resample_like_a_run(picture, {raw.width, raw.height})|image_io::resize_image(picture, {raw.width, raw.height})|tst_session_file|preserveColorsRefinishEqualsTheRunsFinishing"
"lbfgs-never-lengthens|style_engine/src/box_lbfgs.cpp|        if (flat_enough(trial) \|\| trial.t >= last_breakpoint) return trial;|        return trial;|tst_optimiser_progress|lineSearchLengthensStepsOnAPlane;keepsUpWithTorchLbfgs"
"lbfgs-pairs-undamped|style_engine/src/box_lbfgs.cpp|        if (sBs > 0.0 && sy < kDampingShare * sBs) {|        if (false) {|tst_optimiser_progress|keepsUpWithTorchLbfgs:coffee, 1e7, from the photo, in tiles"
"carried-pairs-unscaled|style_engine/src/box_lbfgs.cpp|.mul_(pixel_ratio)|.mul_(1.0)|tst_optimiser_progress|carriedPairsStartTheFinerLevelAhead"
"adam-start-dropped|style_engine/src/job_runner.cpp|        start = start_with_adam(level);|        (void)0;|tst_optimiser_progress|keepsUpWithTorchLbfgs:coffee, 1e3, from the photo;keepsUpWithTorchLbfgs:coffee, lotus_pond, 1e3"
"adam-start-photo-only|style_engine/src/job_runner.cpp|    level.from_picture = !start.defined() && p_.init != InitKind::Noise && level.spent == 0;|    level.from_picture = !start.defined() && p_.init == InitKind::Content && level.spent == 0;|tst_optimiser_progress|keepsUpWithTorchLbfgs:chelsea, lotus_pond, 1e3, from an image;keepsUpWithTorchLbfgs:coffee, 1e6, from a clipped image"
"hand-off-never|style_engine/src/job_runner.cpp|            if (iteration != kHandOffIteration) return false;|            if (iteration != kHandOffIteration \|\| true) return false;|tst_optimiser_progress|keepsUpWithTorchLbfgs:rocket, 1e3, from the photo"
"hand-off-at-any-weight|style_engine/src/job_runner.cpp|            const bool content_rules = weights_.style <= kHandOffStyleRatio * weights_.content;|            const bool content_rules = true;|tst_optimiser_progress|keepsUpWithTorchLbfgs:rocket, splashed_ink, 1e6, from the photo"
"hand-off-where-clipped|style_engine/src/job_runner.cpp|                clipped <= kHandOffClipped)|                true)|tst_optimiser_progress|keepsUpWithTorchLbfgs:photo_like 2, 1e3, from the photo"
"sine-start-never|style_engine/src/job_runner.cpp|    if (level.on_sine) {|    if (false) {|tst_optimiser_progress|keepsUpWithTorchLbfgs:astronaut, rock_texture, 1e6, from noise"
"sine-start-gradient-of-x|style_engine/src/job_runner.cpp|        z.mutable_grad() = torch::sin(z.detach()).mul_(0.5).mul_(x.grad().detach());|        z.mutable_grad() = x.grad().detach().clone();|tst_optimiser_progress|keepsUpWithTorchLbfgs:astronaut, rock_texture, 1e6, from noise;keepsUpWithTorchLbfgs:coffee, 1e7, from noise"
"sine-start-at-any-weight|style_engine/src/job_plan.cpp|           params.style_weight >= default_style_weight(params.style_loss) * params.content_weight;|           true;|tst_memory_plan|theSineStartIsCountedOnTheFirstLevelOnly"
"sine-start-not-planned|style_engine/src/memory_plan.cpp|(on_sine ? 3.0 : 0.0)|0.0|tst_memory_plan|theSineStartIsCountedOnTheFirstLevelOnly"
"adam-start-pairs-dropped|style_engine/src/job_runner.cpp|    lbfgs_pairs_ = std::move(pairs);|    (void)pairs;|tst_optimiser_progress|keepsUpWithTorchLbfgs"
"lbfgs-leaves-the-box|style_engine/src/box_lbfgs.cpp|    trial.x = torch::max(torch::min(unclamped, upper_), lower_);|    trial.x = unclamped;|tst_optimiser_progress|keepsUpWithTorchLbfgs"
"stopped-run-blown-up|style_engine/src/job_runner.cpp|at_final_size \|\| stopped_early ? start|at_final_size ? start|tst_style_engine|cancelDuringACoarseLevelKeepsThatLevelsImage"
"automatic-budget-ignored|style_engine/src/job_plan.cpp|params.max_memory : automatic_memory_budget(available)|params.max_memory : 0|tst_memory_plan|a3WithNoBudgetFitsTheAvailableMemory;automaticBudgetIsTheAvailableMemoryLessAMargin"
"gram-backward-normalisation|style_engine/src/losses.cpp|        const torch::Tensor symmetric = (grad_gram + grad_gram.t()) / static_cast<double>(c * n);|        const torch::Tensor symmetric = (grad_gram + grad_gram.t()) / static_cast<double>(c * (n + 1));|tst_losses|tileObjectiveGradientMatchesFiniteDifferences"
"w2-roots-in-fp32|style_engine/src/losses.cpp|    const torch::Tensor s = statistic.to(torch::kDouble);|    const torch::Tensor s = statistic.to(torch::kFloat);|tst_losses|w2TermMatchesAnIndependentComputation"
"region-mask-ignored|style_engine/src/regions.cpp|masked_style_statistic(f, m.to(f.device()), kind);|masked_style_statistic(f, torch::ones_like(m).to(f.device()), kind);|tst_regions|twoRegionsEachNearerItsOwnStyle"
"region-box-dropped|style_engine/src/job_runner.cpp|    if (level.targets.regions.lower.defined()) lbfgs.set_box(level.targets.regions.lower, level.targets.regions.upper);|    (void)0;|tst_regions|photoRegionStaysThePhoto;paperRegionTurnsToPaper"
"region-tile-goal-unshifted|style_engine/src/regions.cpp|        if (i < level_statistics.size()) term.level_statistics = level_statistics[i];|        (void)level_statistics;|tst_regions|tilesStartAtTheWholesRegionTerms"
"region-strength-not-live|style_engine/src/job_runner.cpp|    set_strengths(level.targets.regions, weights_.regions);|    (void)0;|tst_regions|liveStrengthIsTheRegionsStrengthFromThen"
"stroke-undo-keeps-after|ui/model/studio_commands.cpp|    m_model->setRegions(m_photo, unpack(m_before));|    m_model->setRegions(m_photo, unpack(m_after));|tst_regions_model|strokesAreOneUndoStepEach"
"worker-drops-regions|ui/engine_worker.cpp|            job.regions.push_back(std::move(r));|            (void)r;|tst_regions_model|aRunRecordsItsRegionsAndTakesStrengthLive"
"flow-mask-ignores-disocclusion|image_io/src/optical_flow.cpp|            if (su * su + sv * sv > 0.01f * (forward2 + backward2) + 0.5f) continue;  // disoccluded|            (void)su;|tst_optical_flow|movingObjectUncoversBackground"
"temporal-term-dropped|style_engine/src/job_runner.cpp|    terms.total = terms.total + temporal_loss(image, targets.temporal_previous, targets.temporal_reliable) * job_.temporal->weight;|    (void)image;|tst_temporal|reliablePixelsStayNearThePreviousFrame"
"video-audio-not-copied|video_io/src/video_io.cpp|            if (const int error = av_interleaved_write_frame(output, sound.packet); error < 0)|            if (const int error = 0; error < 0)|tst_video_io|clipRoundTripsWithItsSound"
"batch-drops-regions|batch/src/batch_runner.cpp|                    picture.regions.push_back(std::move(region));|                    (void)region;|tst_batch_runner|regionsReachTheEngineFromTheQueue"
"host-allocator-not-installed|style_engine/src/host_allocator.cpp|        c10::SetCPUAllocator(&HostAllocator::instance(), /*priority=*/1);|        (void)0;|tst_host_allocator|largeBlocksAreAlignedMappingsReturnedWhenFreed"
"trim-maps-every-block|style_engine/src/host_allocator.cpp|    malloc_trim(0);|    malloc_trim(0); mallopt(M_MMAP_THRESHOLD, 1 << 20);|tst_host_allocator|smallBlocksComeFromTheHeapAlsoAfterATiledJob"
"video-independent-ignored|batch/src/video_job.cpp|        if (previous_raw.empty() \|\| job.independent) {|        if (previous_raw.empty()) {|tst_cli_video|independentFramesEachGetTheFirstFramesBudget"
"clip-frame-ignored|ui/engine_worker.cpp|        job.content = loadImage(request.contentPath, request.contentFrame);|        job.content = loadImage(request.contentPath, 0);|tst_video_window|aClipIsChosenFramePaintedAndExportedWithItsSound"
"batch-clip-restarts|batch/src/video_job.cpp|    while (done > 0 && !fs::exists(work / numbered(\"raw\", done, \"png\"))) --done;|    done = 0;|tst_batch_clips|aStoppedClipGoesOnFromItsFinishedFrames"
"clip-weighed-as-picture|batch/src/batch_runner.cpp|            d.clip_evaluations[job.id] = first + static_cast<double>(frames - 1) * default_later_iterations(first);|            (void)first;|tst_batch_clips|aClipInAQueueBecomesAVideoWithItsSound"
"batch-clip-as-image|batch/src/batch_runner.cpp|            if (is_video_file(job.content)) {|            if (false) {|tst_batch_clips|aClipInAQueueBecomesAVideoWithItsSound"
"omp-threads-ignored|style_engine/src/system_helpers.cpp|    if (const char* omp = std::getenv(\"OMP_NUM_THREADS\")) {|    if (const char* omp = nullptr) {|tst_system_helpers|cpuThreadsFollowOmpAndAffinity"
"w2-tile-goal-unshifted|style_engine/src/job_runner.cpp|            goals.push_back(targets.style_grams[l].statistic + grams[l].detach() - targets.level_grams[l]);|            goals.push_back(targets.style_grams[l].statistic);|tst_tiled_level|tilesOfAnImageWithTheStylesStatisticsStartAtTheirGoal"
)

if [[ ! -f "$weights" ]]; then
    cmake --build "$build" --target write_random_weights -j "$jobs" >/dev/null || exit 2
    "$tests/write_random_weights" --seed 7 "$weights" >/dev/null || exit 2
fi
export SHUIMO_TEST_WEIGHTS="$PWD/$weights" QT_QPA_PLATFORM=offscreen OMP_WAIT_POLICY=PASSIVE

caught=0
survived=0
declare -A built=()
for entry in "${mutations[@]}"; do
    # Split on unescaped '|' ("\|" stands for a literal bar inside a field).
    IFS=$'\x1f' read -r name file before after target functions <<<"$(sed 's/\\|/\x1e/g; s/|/\x1f/g; s/\x1e/|/g' <<<"$entry")"
    grep -Eq -- "$filter" <<<"$name" || continue
    if ! git diff --quiet -- "$file"; then
        echo "REFUSED  $name: $file has uncommitted changes"
        survived=$((survived + 1))
        continue
    fi
    if ! BEFORE="$before" AFTER="$after" python3 - "$file" <<'EOF'
import os, sys
path = sys.argv[1]
text = open(path).read()
before, after = os.environ["BEFORE"], os.environ["AFTER"]
if text.count(before) != 1:
    sys.exit(f"{path}: the text to change occurs {text.count(before)} times")
open(path, "w").write(text.replace(before, after))
EOF
    then
        echo "STALE    $name: the code it edits has changed"
        survived=$((survived + 1))
        continue
    fi
    result="SURVIVED"
    built[$target]=1
    log=$(mktemp)
    if ! cmake --build "$build" --target "$target" -j "$jobs" >"$log" 2>&1; then
        result="CAUGHT (does not build)"
    else
        # Function names separated by ';'; "function:row" runs one data row.
        IFS=';' read -r -a args <<<"$functions"
        if ! (cd "$tests" && timeout 900 "./$target" "${args[@]}" >"$log" 2>&1); then
            failure=$(grep -m1 -E '^(FAIL!|QFATAL)' "$log" | cut -c1-160)
            result="CAUGHT   ${failure}"
        fi
    fi
    git checkout -q -- "$file"
    if [[ $result == SURVIVED ]]; then
        survived=$((survived + 1))
        echo "SURVIVED $name ($target ${functions})"
    else
        caught=$((caught + 1))
        echo "$name: $result"
    fi
    rm -f "$log"
done
# The build directory holds what the last defect built: build the mutated targets again from the
# reverted sources, so that a later run of a test there is the real code's.
if [[ ${#built[@]} -gt 0 ]]; then
    cmake --build "$build" --target "${!built[@]}" -j "$jobs" >/dev/null 2>&1 || echo "rebuilding ${!built[*]} from the reverted sources failed"
fi
echo "caught $caught, survived $survived"
[[ $survived -eq 0 ]]
