#pragma once
// The allocation hook of a test process (AllocationHook.c): LeakTesting
// installs the engine's callbacks; leak checks switch it on while open.
#include <stdbool.h>

/// Whether objects of the class `metadata`, defined in the module named `module`, are recorded; asked once per class.
typedef bool (*rxleaks_class_decider)(const char *_Nonnull module, const void *_Nonnull metadata);
/// Told of each new object of a recorded class while a check is open, before its initialiser runs.
typedef void (*rxleaks_object_recorder)(void *_Nonnull object);

/// Told of the closure's context of each task about to be made while a check is open (not of one without captures).
typedef void (*rxleaks_task_recorder)(void *_Nonnull context);
/// Told of the task made with a context the task recorder was just told of, once the runtime has made it.
typedef void (*rxleaks_task_made_recorder)(void *_Nonnull context, void *_Nonnull task);

/// A block given to `dispatch_after` while a check is open, submitted so that the hook knows when it has run.
typedef struct rxleaks_pending_block rxleaks_pending_block;
/// Told of each such block before it is submitted; true when it keeps the record (then forgets it once done).
typedef bool (*rxleaks_pending_block_recorder)(rxleaks_pending_block *_Nonnull record);

/// Told of each continuation misuse the Swift runtime reports while a check is open (the runtime's message).
typedef void (*rxleaks_continuation_misuse_recorder)(const char *_Nonnull message);

/// Installs the engine's callbacks.
void rxleaks_allocation_hook_install(
    rxleaks_class_decider _Nullable decide, rxleaks_object_recorder _Nullable record,
    rxleaks_task_recorder _Nullable recordTask, rxleaks_task_made_recorder _Nullable recordTaskMade,
    rxleaks_pending_block_recorder _Nullable recordPendingBlock,
    rxleaks_continuation_misuse_recorder _Nullable recordContinuationMisuse);
/// The block of `record` while it has not run, kept alive until `rxleaks_pending_block_end_reading`; NULL once it ran.
void *_Nullable rxleaks_pending_block_read(rxleaks_pending_block *_Nonnull record);
/// Ends what a non-NULL `rxleaks_pending_block_read` began.
void rxleaks_pending_block_end_reading(rxleaks_pending_block *_Nonnull record);
/// Gives up a record kept by the recorder.
void rxleaks_pending_block_forget(rxleaks_pending_block *_Nonnull record);
/// Adds `delta` to the number of open checks; the hook records while it is not 0.
void rxleaks_allocation_hook_adjust(long delta);
/// Adds `delta` to the number of checks that watch the runtime's continuation misuse: from when a check
/// opens until it is judged, settling included (a task it made may drop a continuation then).
void rxleaks_continuation_misuse_watch(long delta);
/// Forgets every class's decision (after the tracked modules change).
void rxleaks_allocation_hook_forget_decisions(void);
