#include "core/common/stablesort.h"

#include <catch2/catch.hpp>

#include <QString>

#include <random>

using namespace accelplan;

TEST_CASE("stable sort by index: the order std::stable_sort gives, equal keys in their first order", "[stablesort]")
{
    struct Item
    {
        int key;
        QString payload; // a value with its own memory, moved along the cycles
    };
    std::mt19937 random(7);
    for (int round = 0; round < 200; ++round) {
        std::uniform_int_distribution<int> key(0, 1 + round % 9); // many equal keys
        QList<Item> items;
        for (int i = 0; i < round % 53; ++i)
            items.append({key(random), QString::number(i)});
        QList<Item> expected = items;
        std::stable_sort(expected.begin(), expected.end(), [](const Item &a, const Item &b) { return a.key < b.key; });
        const QList<Item> shared = items; // sorting must not change a copy that shares the data
        stableSortByIndex(items, [](const Item &a, const Item &b) { return a.key < b.key; });
        REQUIRE(items.size() == expected.size());
        for (qsizetype i = 0; i < items.size(); ++i) {
            INFO("round " << round << ", position " << i);
            CHECK(items[i].key == expected[i].key);
            CHECK(items[i].payload == expected[i].payload);
        }
        for (qsizetype i = 0; i < shared.size(); ++i)
            CHECK(shared[i].payload == QString::number(i));
    }
}
