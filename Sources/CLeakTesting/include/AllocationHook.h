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

/// Installs the engine's callbacks.
void rxleaks_allocation_hook_install(
    rxleaks_class_decider _Nullable decide, rxleaks_object_recorder _Nullable record,
    rxleaks_task_recorder _Nullable recordTask);
/// Adds `delta` to the number of open checks; the hook records while it is not 0.
void rxleaks_allocation_hook_adjust(long delta);
/// Forgets every class's decision (after the tracked modules change).
void rxleaks_allocation_hook_forget_decisions(void);
