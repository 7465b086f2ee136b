#pragma once

#include "change.h"
#include "document.h"
#include "mergeid.h"

#include <QUndoCommand>

#include <utility>

namespace rooflab::app {

// The one undo command every document edit uses: it swaps a field of the document's state
// (reached through `access`) with a stored value, so redo and undo are the same operation.
// Edits of one continuous gesture with the same merge id fold into one command.
template <typename T> class ChangeValue : public QUndoCommand
{
public:
    using Accessor = T &(*)(Document::State &);

    ChangeValue(Document *document, const QString &text, Accessor access, T value, Change change,
                MergeId mergeId = MergeId::None, int gesture = 0)
        : QUndoCommand(text), m_document(document), m_access(access), m_value(std::move(value)),
          m_change(change), m_mergeId(mergeId), m_gesture(gesture)
    {
    }

    void redo() override { swap(); }
    void undo() override { swap(); }
    int id() const override { return static_cast<int>(m_mergeId); }

    // Keeps this command's original value; the document already holds the newer one. A
    // gesture that ends where it started leaves nothing to undo.
    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *next = dynamic_cast<const ChangeValue *>(other);
        if (!next || next->m_gesture != m_gesture || next->m_access != m_access)
            return false;
        if (m_access(m_document->m_state) == m_value)
            setObsolete(true);
        return true;
    }

private:
    void swap()
    {
        using std::swap;
        swap(m_access(m_document->m_state), m_value);
        m_document->edited(m_change);
    }

    Document *m_document;
    Accessor m_access;
    T m_value; // after redo: the value before the edit; after undo: the edited value
    Change m_change;
    MergeId m_mergeId;
    int m_gesture;
};

} // namespace rooflab::app
