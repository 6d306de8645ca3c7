#pragma once

#include <memory>

namespace accelplan {

/// A value many holders share, read-only, until one of them edits it: the copy happens in
/// edit(), only while another holder shares it. Planning options hold their projections so: tens
/// of thousands of offers are priced on a few hundred projections (issue 38 measured 600 bytes
/// of copied projection in each 1.7 KB option). Reads go through * and ->; a default-constructed
/// Shared reads as a default T.
template<typename T>
class Shared
{
public:
    Shared() = default;
    Shared(T value) : m_value(std::make_shared<T>(std::move(value))) {}

    const T &operator*() const { return m_value ? *m_value : empty(); }
    const T *operator->() const { return &**this; }

    /// The value to change: this holder's own (copied first when it is shared).
    T &edit()
    {
        if (!m_value)
            m_value = std::make_shared<T>();
        else if (m_value.use_count() > 1)
            m_value = std::make_shared<T>(*m_value);
        return *m_value;
    }

private:
    static const T &empty()
    {
        static const T value{};
        return value;
    }

    std::shared_ptr<T> m_value;
};

} // namespace accelplan
