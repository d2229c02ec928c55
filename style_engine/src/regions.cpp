#include "regions.h"

#include <cmath>
#include <cstring>
#include <string>

#include "shuimo/engine/errors.h"
#include "capture.h"
#include "tensor_image.h"

namespace shuimo::engine {

namespace {

std::string name_of(std::size_t index) { return "region " + std::to_string(index + 1); }

// A mask at `size`, antialiased when shrinking (resize_image_tensor), so soft edges stay soft.
torch::Tensor mask_at(const torch::Tensor& mask, Size size) { return resize_image_tensor(mask, size); }

}  // namespace

torch::Tensor mask_to_tensor(const Image& mask, const std::string& what) {
    if (mask.empty()) throw ConfigError(what + ": the mask is empty");
    if (mask.channels != 1 && mask.channels != 3 && mask.channels != 4)
        throw ConfigError(what + ": a mask has 1, 3 or 4 channels, got " + std::to_string(mask.channels));
    if (mask.sample_count() != mask.pixels.size()) throw ConfigError(what + ": the mask's pixel buffer does not match its size");
    const torch::Tensor hwc = torch::from_blob(const_cast<float*>(mask.pixels.data()), {mask.height, mask.width, mask.channels},
                                               torch::TensorOptions().dtype(torch::kFloat32));
    const torch::Tensor grey = mask.channels == 1 ? hwc.select(2, 0) : hwc.narrow(2, 0, 3).mean(2);
    return grey.clamp(0.0, 1.0).reshape({1, 1, mask.height, mask.width}).contiguous().clone();
}

void validate_regions(const std::vector<Region>& regions) {
    for (std::size_t r = 0; r < regions.size(); ++r) {
        const Region& region = regions[r];
        const torch::Tensor mask = mask_to_tensor(region.mask, name_of(r));
        if (!(mask.max().item<double>() > 1.0 / 255.0))
            throw ConfigError(name_of(r) + ": the mask covers nothing (it is black everywhere); paint or choose a mask with white where the region is");
        if (region.kind != RegionKind::Style) continue;
        if (!std::isfinite(region.strength) || region.strength < 0.0)
            throw ConfigError(name_of(r) + ": strength must be finite and >= 0 (got " + std::to_string(region.strength) + ")");
        if (region.strength == 0.0) continue;  // keeps the photo: no style needed
        if (region.style.empty()) throw ConfigError(name_of(r) + ": a style region needs a style image");
        if (region.style.channels != 3 || region.style.sample_count() != region.style.pixels.size())
            throw ConfigError(name_of(r) + ": the style image must be RGB (3 channels)");
    }
}

LevelRegions make_level_regions(const RegionInputs& in) {
    torch::NoGradGuard no_grad;
    const std::vector<Region>& regions = *in.regions;
    const Size size{static_cast<int>(in.content.size(3)), static_cast<int>(in.content.size(2))};
    const auto options = in.content.options().dtype(torch::kFloat);
    const torch::Tensor zero = torch::zeros({1, 1, size.height, size.width}, options);
    torch::Tensor photo = zero.clone(), paper = zero.clone(), covered = zero.clone();
    LevelRegions level;
    auto add_term = [&](const torch::Tensor& mask, std::vector<StyleTarget> targets, double strength, int r) {
        RegionTerm term;
        term.strength = strength;
        term.region = r;
        term.targets = std::move(targets);
        term.mask = mask;
        for (const int ds : in.layer_downsample) {
            term.layer_masks.push_back(layer_mask(mask, ds));
            term.counted.push_back(term.layer_masks.back().sum().item<double>() >= 0.5);
        }
        level.terms.push_back(std::move(term));
    };
    for (std::size_t r = 0; r < regions.size(); ++r) {
        const Region& region = regions[r];
        const torch::Tensor mask = mask_at((*in.masks_full)[r], size).to(options.device());
        covered += mask;
        const bool keeps_photo = region.kind == RegionKind::Photo || (region.kind == RegionKind::Style && region.strength == 0.0);
        if (keeps_photo) photo += mask;
        else if (region.kind == RegionKind::Paper) paper += mask;
        else {
            const bool live = in.strengths && in.strengths->size() == regions.size();
            add_term(mask, in.style_targets(r), live ? (*in.strengths)[r] : region.strength, static_cast<int>(r));
        }
    }
    const torch::Tensor rest = (1.0 - covered).clamp(0.0, 1.0);
    if (rest.sum().item<double>() > 0.0) {
        if (in.rest_targets && !in.rest_targets->empty()) add_term(rest, *in.rest_targets, 1.0, -1);
        else photo += rest;  // no ordinary style: pixels in no region keep the photo
    }
    const torch::Tensor held = photo + paper;
    if (held.max().item<double>() <= 0.0) return level;
    // Overlapping masks holding more than the whole pixel share it in proportion.
    const torch::Tensor excess = held.clamp_min(1.0);
    photo = photo / excess;
    paper = paper / excess;
    const torch::Tensor paper_rgb = torch::tensor({in.paper.r, in.paper.g, in.paper.b}, options).view({1, 3, 1, 1});
    level.lower = (photo * in.content.to(torch::kFloat) + paper * paper_rgb).clamp(0.0, 1.0);
    level.upper = (level.lower + (1.0 - photo - paper)).clamp(0.0, 1.0);
    return level;
}

void set_strengths(LevelRegions& regions, const std::vector<double>& strengths) {
    for (RegionTerm& term : regions.terms) {
        if (term.region >= 0 && static_cast<std::size_t>(term.region) < strengths.size())
            term.strength = strengths[static_cast<std::size_t>(term.region)];
    }
}

torch::Tensor layer_mask(const torch::Tensor& mask, int ds) {
    const int h = static_cast<int>(mask.size(2)) / ds, w = static_cast<int>(mask.size(3)) / ds;
    // The share of each position's block that lies in the region (area average).
    return torch::adaptive_avg_pool2d(mask.narrow(2, 0, h * ds).narrow(3, 0, w * ds), {h, w})[0][0].contiguous();
}

std::vector<std::vector<torch::Tensor>> region_statistics(const std::vector<torch::Tensor>& features, const LevelRegions& regions,
                                                          StyleLossKind kind) {
    std::vector<std::vector<torch::Tensor>> statistics;
    for (const RegionTerm& term : regions.terms) {
        TORCH_CHECK(term.layer_masks.size() == features.size(), "region_statistics: masks and layers differ in count");
        std::vector<torch::Tensor> per_layer(features.size());
        for (std::size_t l = 0; l < features.size(); ++l) {
            if (!term.counted[l]) continue;
            const torch::Tensor& f = features[l];
            const torch::Tensor& m = term.layer_masks[l];
            TORCH_CHECK(f.size(-2) == m.size(0) && f.size(-1) == m.size(1), "region_statistics: a mask is not at its layer's size");
            per_layer[l] = masked_style_statistic(f, m.to(f.device()), kind);
        }
        statistics.push_back(std::move(per_layer));
    }
    return statistics;
}

std::vector<std::vector<StyleTarget>> region_tile_goals(const std::vector<std::vector<torch::Tensor>>& statistics,
                                                        const LevelRegions& regions, StyleLossKind kind) {
    torch::NoGradGuard no_grad;
    std::vector<std::vector<StyleTarget>> goals(regions.terms.size());
    for (std::size_t r = 0; r < regions.terms.size(); ++r) {
        const RegionTerm& term = regions.terms[r];
        if (term.level_statistics.empty() || !term.goals.empty()) continue;
        std::vector<torch::Tensor> moved;
        for (std::size_t l = 0; l < statistics[r].size(); ++l) {
            // A layer the tile does not count keeps the region's own target (never read).
            moved.push_back(statistics[r][l].defined() && term.level_statistics[l].defined()
                                ? term.targets[l].statistic + statistics[r][l].detach() - term.level_statistics[l]
                                : term.targets[l].statistic);
        }
        goals[r] = style_targets(moved, kind);
    }
    return goals;
}

torch::Tensor region_style_loss(const std::vector<std::vector<torch::Tensor>>& statistics, const LevelRegions& regions,
                                const std::vector<std::vector<StyleTarget>>& fresh_goals, const std::vector<double>& layer_weights,
                                const torch::TensorOptions& where) {
    torch::Tensor total;
    for (std::size_t r = 0; r < regions.terms.size(); ++r) {
        const RegionTerm& term = regions.terms[r];
        const std::vector<StyleTarget>& goals = !term.goals.empty()                          ? term.goals
                                                : r < fresh_goals.size() && !fresh_goals[r].empty() ? fresh_goals[r]
                                                                                                    : term.targets;
        for (std::size_t l = 0; l < statistics[r].size(); ++l) {
            if (!statistics[r][l].defined()) continue;
            torch::Tensor t = style_loss_of_statistics({statistics[r][l]}, {goals[l]}, {}) * term.strength;
            if (!layer_weights.empty()) t = t * layer_weights[l];
            total = total.defined() ? total + t : t;
        }
    }
    return total.defined() ? total : torch::zeros({}, where.dtype(torch::kFloat));
}

LevelRegions tile_regions(const LevelRegions& level, TileRect r, TileRect f, TileRect at,
                          const std::vector<std::vector<torch::Tensor>>& level_statistics,
                          const std::vector<int>& layer_downsample, torch::Device device) {
    torch::NoGradGuard no_grad;
    LevelRegions tile;
    auto window = [&](const torch::Tensor& t, TileRect w) { return t.narrow(2, w.y, w.height).narrow(3, w.x, w.width); };
    if (level.lower.defined()) {
        tile.lower = window(level.lower, r).to(device).contiguous();
        tile.upper = window(level.upper, r).to(device).contiguous();
    }
    for (std::size_t i = 0; i < level.terms.size(); ++i) {
        const RegionTerm& whole = level.terms[i];
        RegionTerm term;
        term.strength = whole.strength;
        term.targets = whole.targets;
        term.mask = window(whole.mask, f).contiguous();
        if (i < level_statistics.size()) term.level_statistics = level_statistics[i];
        for (std::size_t l = 0; l < layer_downsample.size(); ++l) {
            // As the frame's features are made and cut (capture.h, crop_to): pooled over the frame, cut to the tile.
            const int ds = layer_downsample[l];
            const torch::Tensor framed = layer_mask(term.mask, ds).unsqueeze(0).unsqueeze(0);
            const torch::Tensor cut = crop_to({framed}, {ds}, at).front()[0][0].contiguous();
            term.counted.push_back(cut.sum().item<double>() >= 0.5);
            term.layer_masks.push_back(cut.to(device));
        }
        tile.terms.push_back(std::move(term));
    }
    return tile;
}

torch::Tensor hold_in_box(const torch::Tensor& x, const LevelRegions& regions) {
    if (!regions.lower.defined()) return x;
    return torch::max(torch::min(x, regions.upper), regions.lower);
}

}  // namespace shuimo::engine
