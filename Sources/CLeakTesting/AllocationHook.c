// Sees every Swift object the test process allocates: this target is linked
// into the test executable, so its definition of `swift_allocObject` is the
// one the code under test calls; it calls the runtime's own through
// `dlsym(RTLD_NEXT, …)`. (The runtime's `_swift_allocObject` instrumentation
// hook crashes retaining statically allocated objects: not used.)
//
// With no leak check open it costs one relaxed load. While one is open, each
// class is decided once (the Swift side decides from its module, or from the
// class itself for the holders it watches: Foundation's `Timer`) and
// remembered in a lock-free table; for a recorded class the Swift side is told
// of the new object. Both calls run with a per-thread flag set, so the Swift objects
// they make themselves pass straight through.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>
#include "AllocationHook.h"

typedef void *(*rxleaks_allocate)(const void *, size_t, size_t);

static _Atomic(rxleaks_allocate) runtime_allocate;
static atomic_long open_checks;
static _Atomic(rxleaks_class_decider) decider;
static _Atomic(rxleaks_object_recorder) recorder;
static _Atomic(rxleaks_task_recorder) task_recorder;
static _Atomic(rxleaks_task_made_recorder) task_made_recorder;
static _Atomic(rxleaks_pending_block_recorder) pending_block_recorder;
static _Atomic(rxleaks_continuation_misuse_recorder) continuation_misuse_recorder;
static __thread int inside_hook;

#define DECISION_SLOTS 16384
#define DECISION_PROBES 32
#define DECIDED_TRACKED ((uintptr_t)1)
#define DECIDED_SKIPPED ((uintptr_t)2)
// Metadata address with its decision in the low bits (metadata is word-aligned); 0 for an empty slot.
static _Atomic(uintptr_t) decisions[DECISION_SLOTS];

static rxleaks_allocate resolve_runtime_allocate(void) {
    rxleaks_allocate found = (rxleaks_allocate)dlsym(RTLD_NEXT, "swift_allocObject");
    atomic_store_explicit(&runtime_allocate, found, memory_order_relaxed);
    return found;
}

/// The target of a 32-bit relative pointer at `field`, followed through its
/// indirection slot when the low bit says so; NULL for a 0 offset.
static const uint8_t *relative_target(const uint8_t *field, int indirectable) {
    int32_t offset = *(const int32_t *)field;
    if (offset == 0) return NULL;
    if (indirectable && (offset & 1)) return *(const uint8_t *const *)(field + (offset & ~1));
    return field + offset;
}

/// The name of the module that defines the class `metadata`: its nominal type
/// descriptor (metadata + 40 without Objective-C interop), then parent
/// contexts up to the module's (kind 0), whose name follows flags and parent.
static const char *module_of_class(const void *metadata) {
    const uint8_t *context = *(const uint8_t *const *)((const uint8_t *)metadata + 40);
    for (int depth = 0; context != NULL && depth < 32; depth++) {
        uint32_t flags = *(const uint32_t *)context;
        if ((flags & 0x1F) == 0) return (const char *)relative_target(context + 8, 0);
        context = relative_target(context + 4, 1);
    }
    return NULL;
}

/// Whether objects of the class `metadata` are tracked; asks the Swift side once per class.
static int is_tracked_class(const void *metadata) {
    uintptr_t key = (uintptr_t)metadata;
    size_t start = (size_t)((key >> 4) * 0x9E3779B97F4A7C15ull >> 50) % DECISION_SLOTS;
    for (size_t probe = 0; probe < DECISION_PROBES; probe++) {
        uintptr_t entry = atomic_load_explicit(&decisions[(start + probe) % DECISION_SLOTS], memory_order_relaxed);
        if (entry == 0) break;
        if ((entry & ~(uintptr_t)3) == key) return (entry & 3) == DECIDED_TRACKED;
    }
    rxleaks_class_decider decide = atomic_load_explicit(&decider, memory_order_acquire);
    if (!decide) return 0;
    const char *module = module_of_class(metadata);
    int tracked = module != NULL && decide(module, metadata) ? 1 : 0;
    uintptr_t entry = key | (tracked ? DECIDED_TRACKED : DECIDED_SKIPPED);
    for (size_t probe = 0; probe < DECISION_PROBES; probe++) {
        uintptr_t expected = 0;
        _Atomic(uintptr_t) *slot = &decisions[(start + probe) % DECISION_SLOTS];
        if (atomic_compare_exchange_strong_explicit(slot, &expected, entry, memory_order_relaxed, memory_order_relaxed)
            || (expected & ~(uintptr_t)3) == key) break;
    }
    return tracked;
}

__attribute__((noinline)) static void note_allocation(void *object, const void *metadata) {
    // Class metadata's kind word is 0 without Objective-C interop; closure
    // contexts and boxes (0x400, 0x500) are not objects of the code under test.
    if (inside_hook || *(const uintptr_t *)metadata != 0) return;
    inside_hook = 1;
    if (is_tracked_class(metadata)) {
        rxleaks_object_recorder record = atomic_load_explicit(&recorder, memory_order_acquire);
        if (record) record(object);
    }
    inside_hook = 0;
}

void *swift_allocObject(const void *metadata, size_t size, size_t alignment_mask) {
    rxleaks_allocate allocate = atomic_load_explicit(&runtime_allocate, memory_order_relaxed);
    if (__builtin_expect(allocate == NULL, 0)) allocate = resolve_runtime_allocate();
    void *object = allocate(metadata, size, alignment_mask);
    if (__builtin_expect(atomic_load_explicit(&open_checks, memory_order_relaxed) != 0, 0)) {
        note_allocation(object, metadata);
    }
    return object;
}

// `swift_task_create` (the runtime's, Swift calling convention) returns the task and its initial context; the
// closure's context is its last argument. Defined here for the same reason as `swift_allocObject`: a task
// nothing stores is held by the runtime alone, and its closure is what a check must see.
typedef struct {
    void *task;
    void *context;
} rxleaks_task_and_context;
typedef rxleaks_task_and_context (*rxleaks_create_task)(size_t, void *, const void *, void *, void *)
    __attribute__((swiftcall));
static _Atomic(rxleaks_create_task) runtime_create_task;

__attribute__((swiftcall)) rxleaks_task_and_context swift_task_create(
    size_t flags, void *options, const void *result_type, void *entry, void *closure_context) {
    rxleaks_create_task create = atomic_load_explicit(&runtime_create_task, memory_order_relaxed);
    if (__builtin_expect(create == NULL, 0)) {
        create = (rxleaks_create_task)dlsym(RTLD_NEXT, "swift_task_create");
        atomic_store_explicit(&runtime_create_task, create, memory_order_relaxed);
    }
    // Told before the task exists: once made, it may run, end and free its context at once.
    bool recorded = false;
    if (__builtin_expect(atomic_load_explicit(&open_checks, memory_order_relaxed) != 0, 0) && !inside_hook
        && closure_context != NULL) {
        rxleaks_task_recorder record = atomic_load_explicit(&task_recorder, memory_order_acquire);
        if (record) {
            inside_hook = 1;
            record(closure_context);
            inside_hook = 0;
            recorded = true;
        }
    }
    rxleaks_task_and_context made = create(flags, options, result_type, entry, closure_context);
    // The task itself, which a continuation refers to: the watch of its context (kept by the task until it
    // ends) says whether this address is still that task's.
    rxleaks_task_made_recorder record_made = atomic_load_explicit(&task_made_recorder, memory_order_acquire);
    if (recorded && record_made) {
        inside_hook = 1;
        record_made(closure_context, made.task);
        inside_hook = 0;
    }
    return made;
}

void rxleaks_allocation_hook_install(rxleaks_class_decider decide, rxleaks_object_recorder record,
    rxleaks_task_recorder record_task, rxleaks_task_made_recorder record_task_made,
    rxleaks_pending_block_recorder record_pending_block, rxleaks_continuation_misuse_recorder record_continuation_misuse) {
    atomic_store_explicit(&task_made_recorder, record_task_made, memory_order_release);
    atomic_store_explicit(&continuation_misuse_recorder, record_continuation_misuse, memory_order_release);
    atomic_store_explicit(&pending_block_recorder, record_pending_block, memory_order_release);
    atomic_store_explicit(&decider, decide, memory_order_release);
    atomic_store_explicit(&recorder, record, memory_order_release);
    atomic_store_explicit(&task_recorder, record_task, memory_order_release);
}

void rxleaks_allocation_hook_adjust(long delta) {
    atomic_fetch_add_explicit(&open_checks, delta, memory_order_relaxed);
}

void rxleaks_allocation_hook_forget_decisions(void) {
    for (size_t slot = 0; slot < DECISION_SLOTS; slot++) {
        atomic_store_explicit(&decisions[slot], 0, memory_order_relaxed);
    }
}

// `dispatch_after`, which Swift's `DispatchQueue.asyncAfter` calls: libdispatch alone holds a block pending on a
// queue, and what it captures, until it runs. While a check is open the block is copied into a record and
// submitted as a function that runs it, then notes it ran; the Swift side reads the block's captures while it
// is pending. The block is released by the last of the function and the readers; the record by the last of
// the function and the Swift side.
struct rxleaks_pending_block {
    void *block;
    atomic_int pending;
    atomic_int block_holds;
    atomic_int owners;
};
/// The Block ABI's header: the function that runs a block takes the block.
typedef struct {
    void *isa;
    int flags;
    int reserved;
    void (*invoke)(void *);
} rxleaks_block_header;
typedef void (*rxleaks_dispatch_after)(uint64_t, void *, void *);
typedef void (*rxleaks_dispatch_after_f)(uint64_t, void *, void *, void (*)(void *));
typedef void *(*rxleaks_block_copy)(const void *);
typedef void (*rxleaks_block_release)(const void *);
static _Atomic(rxleaks_dispatch_after) runtime_dispatch_after;
static _Atomic(rxleaks_dispatch_after_f) runtime_dispatch_after_f;
static _Atomic(rxleaks_block_copy) runtime_block_copy;
static _Atomic(rxleaks_block_release) runtime_block_release;

static void *resolved(_Atomic(void *) *slot, void *handle, const char *name) {
    void *found = atomic_load_explicit(slot, memory_order_relaxed);
    if (__builtin_expect(found == NULL, 0)) {
        found = dlsym(handle, name);
        atomic_store_explicit(slot, found, memory_order_relaxed);
    }
    return found;
}
// The function `name` resolved once into `slot`, typed as the slot is.
#define RESOLVED(slot, handle, name) ((__typeof__(atomic_load(&slot)))resolved((_Atomic(void *) *)&slot, handle, name))

static void release_pending_record(rxleaks_pending_block *record) {
    if (atomic_fetch_sub_explicit(&record->owners, 1, memory_order_acq_rel) == 1) free(record);
}

static void drop_block_hold(rxleaks_pending_block *record) {
    if (atomic_fetch_sub_explicit(&record->block_holds, 1, memory_order_acq_rel) == 1) {
        RESOLVED(runtime_block_release, RTLD_DEFAULT, "_Block_release")(record->block);
    }
}

static void run_pending_block(void *context) {
    rxleaks_pending_block *record = context;
    ((rxleaks_block_header *)record->block)->invoke(record->block);
    atomic_store_explicit(&record->pending, 0, memory_order_release);
    drop_block_hold(record);
    release_pending_record(record);
}

void dispatch_after(uint64_t when, void *queue, void *block) {
    rxleaks_dispatch_after pass = RESOLVED(runtime_dispatch_after, RTLD_NEXT, "dispatch_after");
    rxleaks_pending_block_recorder record = atomic_load_explicit(&pending_block_recorder, memory_order_acquire);
    if (__builtin_expect(atomic_load_explicit(&open_checks, memory_order_relaxed) == 0, 1) || inside_hook
        || record == NULL || block == NULL) {
        pass(when, queue, block);
        return;
    }
    rxleaks_dispatch_after_f submit = RESOLVED(runtime_dispatch_after_f, RTLD_DEFAULT, "dispatch_after_f");
    rxleaks_block_copy copy = RESOLVED(runtime_block_copy, RTLD_DEFAULT, "_Block_copy");
    rxleaks_pending_block *pending = NULL;
    if (submit && copy && RESOLVED(runtime_block_release, RTLD_DEFAULT, "_Block_release")) {
        pending = malloc(sizeof *pending);
    }
    if (pending == NULL) {
        pass(when, queue, block);
        return;
    }
    pending->block = copy(block);
    atomic_init(&pending->pending, 1);
    atomic_init(&pending->block_holds, 1);
    atomic_init(&pending->owners, 2);
    inside_hook = 1;
    bool kept = record(pending);
    inside_hook = 0;
    if (!kept) {
        // No check's: the block goes to libdispatch as given.
        RESOLVED(runtime_block_release, RTLD_DEFAULT, "_Block_release")(pending->block);
        free(pending);
        pass(when, queue, block);
        return;
    }
    submit(when, queue, pending, run_pending_block);
}

void *rxleaks_pending_block_read(rxleaks_pending_block *record) {
    int holds = atomic_load_explicit(&record->block_holds, memory_order_acquire);
    while (holds > 0) {
        if (atomic_compare_exchange_weak_explicit(
                &record->block_holds, &holds, holds + 1, memory_order_acq_rel, memory_order_acquire)) {
            if (atomic_load_explicit(&record->pending, memory_order_acquire)) return record->block;
            drop_block_hold(record);
            return NULL;
        }
    }
    return NULL;
}

void rxleaks_pending_block_end_reading(rxleaks_pending_block *record) { drop_block_hold(record); }

void rxleaks_pending_block_forget(rxleaks_pending_block *record) { release_pending_record(record); }

// `swift_reportError` (libswiftCore's), through which a checked continuation's canary reports, once, that it was
// freed without being resumed: the runtime only prints it, and the task awaiting it stays suspended for ever.
// While a check is open the Swift side is told of that message; every message still reaches the runtime's.
typedef void (*rxleaks_report_error)(uint32_t, const char *);
static _Atomic(rxleaks_report_error) runtime_report_error;
static const char continuation_misuse[] = "SWIFT TASK CONTINUATION MISUSE: ";
static atomic_long continuation_watches;

void rxleaks_continuation_misuse_watch(long delta) {
    atomic_fetch_add_explicit(&continuation_watches, delta, memory_order_relaxed);
}

void swift_reportError(uint32_t flags, const char *message) {
    rxleaks_continuation_misuse_recorder record =
        atomic_load_explicit(&continuation_misuse_recorder, memory_order_acquire);
    if (__builtin_expect(atomic_load_explicit(&continuation_watches, memory_order_relaxed) != 0, 0) && !inside_hook
        && record != NULL && message != NULL
        && strncmp(message, continuation_misuse, sizeof continuation_misuse - 1) == 0) {
        inside_hook = 1;
        record(message);
        inside_hook = 0;
    }
    RESOLVED(runtime_report_error, RTLD_NEXT, "swift_reportError")(flags, message);
}
