#pragma once
// Tests over both style statistics (issue 28): the data rows "gram" and "w2" (column
// "statistic", the StyleLossKind as an int) and params with a statistic at its default weight.

#include <QTest>

#include "shuimo/engine/style_params.h"

namespace shuimo::testing {

inline void add_statistic_rows() {
    QTest::addColumn<int>("statistic");
    QTest::newRow("gram") << static_cast<int>(engine::StyleLossKind::Gram);
    QTest::newRow("w2") << static_cast<int>(engine::StyleLossKind::W2);
}

inline engine::StyleParams with_statistic(engine::StyleParams params, int statistic) {
    params.style_loss = static_cast<engine::StyleLossKind>(statistic);
    params.style_weight = engine::default_style_weight(params.style_loss);
    return params;
}

}  // namespace shuimo::testing
