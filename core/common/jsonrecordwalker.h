#pragma once

#include "core/common/jsonsax.h"

#include <atomic>
#include <functional>
#include <string>
#include <string_view>
#include <utility>

namespace accelplan {

/// What a JsonRecordWalker looks for and what it does with each record it finds.
struct JsonRecordWalk
{
    /// The member of a page whose array holds the records ("skus", "items").
    std::string arrayKey;
    /// What a top-level array holds: pages (saved one after another), or the records themselves.
    enum class TopArray { Pages, Records, Ignored };
    TopArray topArray = TopArray::Pages;
    /// Of an object record's own members only those this accepts are built (null: all of them).
    std::function<bool(std::string_view)> keepMember;
    /// Checked before each record and after each; a set flag stops the parse.
    const std::atomic<bool> *cancel = nullptr;
    /// One record, built as a tree, and the line where it starts; false stops the parse.
    std::function<bool(const JsonValue &record, int line)> record;
    /// An element of the array that is not an object, at its line (it is walked over, not built).
    /// Null: such an element is a record too.
    std::function<void(int line)> nonObject;
    /// A string member of a page (its key and text), where a page's own fields matter.
    std::function<void(std::string_view key, std::string_view text)> pageString;
    /// The end of a page: its first line, whether it had the records' array, and its own members
    /// but that array (those \c keepMember accepts; a container as an empty object). False stops
    /// the parse. Null: pages end unseen.
    std::function<bool(int line, bool hadArray, const JsonValue &ownMembers)> pageEnd;
    /// A scalar where a page belongs (a top-level value, or an element of a top-level array of
    /// pages), at its line; false stops the parse. Null: passed over.
    std::function<bool(int line)> notAPage;
};

/// RapidJSON SAX handler (run it with parseJsonValues) that finds each element of the array
/// \c arrayKey of each page — a top-level object, or an object of a top-level array — (or each
/// element of a top-level array of records) and hands every object element to \c record as a
/// small tree, its first line with it. Cancelling and syntax errors' lines come with
/// parseJsonValues.
class JsonRecordWalker : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, JsonRecordWalker>
{
public:
    JsonRecordWalker(JsonRecordWalk walk, JsonDeviceStream &stream) : m_walk(std::move(walk)), m_stream(stream) {}

    /// Whether any page had the records' array.
    bool sawArray() const { return m_sawArray; }

    bool StartObject()
    {
        if (m_skipping)
            return skipOpen();
        if (m_building)
            return nested(m_tree.StartObject());
        if (atPageSlot())
            startPage();
        else if (atElement()) {
            if (cancelled())
                return false;
            startRecord();
            return m_tree.StartObject();
        } else
            pageContainer();
        ++m_depth;
        return true;
    }
    bool EndObject(rapidjson::SizeType count)
    {
        if (m_skipping)
            return skipClose();
        if (m_building) {
            const bool built = m_tree.EndObject(count);
            return --m_nesting > 0 ? built : built && endRecord();
        }
        --m_depth;
        if (m_depth == m_pageDepth - 1)
            return endPage();
        return true;
    }
    bool StartArray()
    {
        if (m_skipping)
            return skipOpen();
        if (m_building)
            return nested(m_tree.StartArray());
        if (m_depth == 0) {
            m_topArray = true;
            if (m_walk.topArray == JsonRecordWalk::TopArray::Records) {
                m_elementsDepth = 1;
                m_sawArray = true;
            }
        } else if (m_pageDepth && m_depth == m_pageDepth && m_key == m_walk.arrayKey) {
            m_elementsDepth = m_depth + 1;
            m_sawArray = true;
            m_pageHadArray = true;
        } else if (atElement()) {
            if (!m_walk.nonObject) {
                startRecord();
                return m_tree.StartArray();
            }
            m_walk.nonObject(m_stream.line());
        } else
            pageContainer();
        ++m_depth;
        return true;
    }
    bool EndArray(rapidjson::SizeType count)
    {
        if (m_skipping)
            return skipClose();
        if (m_building) {
            const bool built = m_tree.EndArray(count);
            return --m_nesting > 0 ? built : built && endRecord();
        }
        --m_depth;
        if (m_elementsDepth && m_depth + 1 == m_elementsDepth)
            m_elementsDepth = 0;
        return true;
    }
    bool Key(const char *text, rapidjson::SizeType length, bool copy)
    {
        if (m_skipping)
            return true;
        if (m_building) {
            if (m_nesting == 1 && m_walk.keepMember && !m_walk.keepMember(std::string_view(text, length))) {
                m_skipping = true;
                m_skipNesting = 0;
                return true;
            }
            return m_tree.Key(text, length, copy);
        }
        if (m_depth == m_pageDepth) {
            m_key.assign(text, length);
            m_keepPageMember = m_walk.pageEnd && m_key != m_walk.arrayKey
                               && (!m_walk.keepMember || m_walk.keepMember(m_key));
            if (m_keepPageMember)
                m_page.Key(text, length, copy);
        }
        return true;
    }
    bool String(const char *text, rapidjson::SizeType length, bool copy)
    {
        if (m_skipping)
            return skipScalar();
        if (m_building)
            return m_tree.String(text, length, copy);
        if (m_walk.pageString && m_pageDepth && m_depth == m_pageDepth)
            m_walk.pageString(m_key, std::string_view(text, length));
        return scalar([&](JsonTreeBuilder &to) { return to.String(text, length, copy); });
    }
    bool RawNumber(const char *text, rapidjson::SizeType length, bool copy)
    {
        return m_skipping ? skipScalar()
               : m_building ? m_tree.RawNumber(text, length, copy)
                            : scalar([&](JsonTreeBuilder &to) { return to.RawNumber(text, length, copy); });
    }
    bool Bool(bool b)
    {
        return m_skipping ? skipScalar()
               : m_building ? m_tree.Bool(b)
                            : scalar([&](JsonTreeBuilder &to) { return to.Bool(b); });
    }
    bool Null()
    {
        return m_skipping ? skipScalar() : m_building ? m_tree.Null() : scalar([&](JsonTreeBuilder &to) { return to.Null(); });
    }

private:
    bool cancelled() const { return m_walk.cancel && m_walk.cancel->load(); }
    bool atElement() const { return m_elementsDepth && m_depth == m_elementsDepth; }
    // Where a page begins: the top level, or an element of a top-level array of pages.
    bool atPageSlot() const
    {
        return m_depth == 0 || (m_depth == 1 && m_topArray && m_walk.topArray == JsonRecordWalk::TopArray::Pages);
    }
    bool atPageMember() const { return m_pageDepth && m_depth == m_pageDepth; }
    void startPage()
    {
        m_pageDepth = m_depth + 1;
        m_pageLine = m_stream.line();
        m_pageHadArray = false;
        m_keepPageMember = false;
        if (m_walk.pageEnd) {
            m_page.begin();
            m_page.StartObject();
        }
    }
    bool endPage()
    {
        m_pageDepth = 0;
        if (!m_walk.pageEnd)
            return true;
        m_page.EndObject(0);
        return m_walk.pageEnd(m_pageLine, m_pageHadArray, m_page.root()) && !cancelled();
    }
    // A container as a page's own member (not the records' array): kept as an empty object.
    void pageContainer()
    {
        if (atPageMember() && m_keepPageMember) {
            m_page.StartObject();
            m_page.EndObject(0);
        }
    }
    void startRecord()
    {
        m_recordLine = m_stream.line();
        m_tree.begin();
        m_building = true;
        m_nesting = 1;
    }
    // A scalar outside a record: a page's own member, or passed over, unless it is an element of
    // the array or stands where a page belongs.
    template<typename Build>
    bool scalar(Build build)
    {
        if (atPageMember() && m_keepPageMember)
            return build(m_page);
        if (!atElement()) {
            if (atPageSlot() && m_walk.notAPage)
                return m_walk.notAPage(m_stream.line());
            return true;
        }
        if (m_walk.nonObject) {
            m_walk.nonObject(m_stream.line());
            return true;
        }
        startRecord();
        m_nesting = 0;
        return build(m_tree) && endRecord();
    }
    bool nested(bool ok)
    {
        ++m_nesting;
        return ok;
    }
    bool endRecord()
    {
        m_building = false;
        const bool goOn = m_walk.record(m_tree.root(), m_recordLine);
        return goOn && !cancelled();
    }
    // Passing over a member the filter refused: a scalar, or a container to its end.
    bool skipScalar()
    {
        if (m_skipNesting == 0)
            m_skipping = false;
        return true;
    }
    bool skipOpen()
    {
        ++m_skipNesting;
        return true;
    }
    bool skipClose()
    {
        if (--m_skipNesting == 0)
            m_skipping = false;
        return true;
    }

    JsonRecordWalk m_walk;
    JsonDeviceStream &m_stream;
    JsonTreeBuilder m_tree;
    JsonTreeBuilder m_page; ///< the current page's own members, when pageEnd wants them
    std::string m_key;     ///< the current page's current member
    int m_depth = 0;       ///< containers open outside the record being built
    bool m_topArray = false;
    int m_pageDepth = 0;     ///< the depth of a page's members; 0 outside one
    int m_pageLine = 0;
    bool m_pageHadArray = false;
    bool m_keepPageMember = false; ///< the page's current member goes into m_page
    int m_elementsDepth = 0; ///< the depth of the array's elements; 0 outside it
    bool m_sawArray = false;
    bool m_building = false;
    int m_nesting = 0; ///< containers open in the record being built
    int m_recordLine = 0;
    bool m_skipping = false; ///< inside a record's member the filter refused
    int m_skipNesting = 0;
};

} // namespace accelplan
