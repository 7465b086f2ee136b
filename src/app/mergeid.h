#pragma once

namespace rooflab::app {

// Undo-command ids: consecutive edits with the same id, made in one gesture (a slider drag,
// a held arrow key), merge into a single undo step. Every id lives here so none collide.
enum class MergeId : int {
    None = -1, // never merges
    Batch = 1,
    SequenceLength,
    PromptLength,
    TextScale,
};

// Whether an edit belongs to a continuous gesture (and may merge) or stands alone.
enum class EditMode { Single, Continuous };

} // namespace rooflab::app
