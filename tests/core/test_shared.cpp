#include "core/common/shared.h"

#include <catch2/catch.hpp>

#include <QString>

using namespace accelplan;
using namespace Qt::StringLiterals;

TEST_CASE("Shared: copies read one value, an edit copies it only while it is shared", "[shared]")
{
    struct Value
    {
        int number = 7;
        QString text;
    };
    const Shared<Value> empty;
    CHECK(empty->number == 7); // a default Shared reads as a default value
    CHECK(empty->text.isEmpty());

    Shared<Value> a(Value{1, u"one"_s});
    Shared<Value> b = a;
    CHECK(&*a == &*b); // one value, not two

    b.edit().number = 2; // shared: b gets its own copy first
    CHECK(a->number == 1);
    CHECK(b->number == 2);
    CHECK(b->text == u"one"_s);
    CHECK(&*a != &*b);

    const Value *own = &*b;
    b.edit().number = 3; // b's alone now: changed in place
    CHECK(&*b == own);
    CHECK(b->number == 3);
    CHECK(a->number == 1);

    Shared<Value> c;
    c.edit().text = u"new"_s; // an edit of a default Shared leaves the default alone
    CHECK(c->text == u"new"_s);
    CHECK(Shared<Value>()->text.isEmpty());
}
