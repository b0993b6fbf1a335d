#pragma once
// Per-thread state for RxCore, in C thread-local variables read and written
// inline: the current-thread scheduler's trampoline word, and the live
// resource counts per kind. Cheaper than pthread_getspecific/setspecific and
// than atomic read-modify-writes on counters every thread shares, which every
// subscription would otherwise pay for. Also ThreadSanitizer's annotations
// for the one hand-over between threads it cannot see (below).

#include <stdint.h>

/// How many resource kinds the counters hold.
#define CRXCORE_KIND_CAPACITY 512

/// The calling thread's trampoline state; NULL on a new thread.
extern __thread void *_Nullable crxcore_trampoline_state;

/// The calling thread's trampoline state.
static inline void *_Nullable crxcore_get_trampoline_state(void) {
    return crxcore_trampoline_state;
}

/// Sets the calling thread's trampoline state.
static inline void crxcore_set_trampoline_state(void *_Nullable state) {
    crxcore_trampoline_state = state;
}

/// A number unique to the calling thread among running threads, never 0: the
/// address of one of its thread-local variables, which costs an add to a
/// register where `pthread_self()` is a call into libc.
static inline uintptr_t crxcore_thread_id(void) {
    return (uintptr_t)&crxcore_trampoline_state;
}

/// Whether the calling thread is the process's main thread: 0 until asked,
/// then 1 (it is) or 2 (it is not).
extern __thread int8_t crxcore_main_thread_state;

/// Asks the system whether the calling thread is the main thread and notes
/// the answer in `crxcore_main_thread_state`.
_Bool crxcore_ask_main_thread(void);

/// Whether the calling thread is the process's main thread, asked of the
/// system once per thread: Foundation's `Thread.isMainThread` makes two
/// system calls (gettid, getpid) each time on Linux, and the main scheduler
/// asks for every event it is given.
static inline _Bool crxcore_is_main_thread(void) {
    int8_t state = crxcore_main_thread_state;
    return state != 0 ? state == 1 : crxcore_ask_main_thread();
}

/// How many subscriptions whose `subscribe` call is still running one thread
/// keeps track of; deeper nesting is recorded in the registry at once.
#define CRXCORE_SUBSCRIBING_CAPACITY 16

/// The calling thread's subscriptions whose `subscribe` call is still running,
/// innermost last: the registry lists a subscription that ends within its own
/// call without taking its lock, and on this thread only. One variable, so
/// that each use computes one thread-local address.
typedef struct {
    intptr_t depth;
    const void *_Nullable handles[CRXCORE_SUBSCRIBING_CAPACITY];
} crxcore_subscribing_list;
extern __thread crxcore_subscribing_list crxcore_subscribing;

/// Notes that `handle`'s subscribe call starts; false when the list is full.
static inline _Bool crxcore_subscribing_push(const void *_Nonnull handle) {
    crxcore_subscribing_list *list = &crxcore_subscribing;
    intptr_t depth = list->depth;
    if (__builtin_expect(depth == CRXCORE_SUBSCRIBING_CAPACITY, 0)) return 0;
    list->handles[depth] = handle;
    list->depth = depth + 1;
    return 1;
}

/// Notes that `handle`'s subscribe call returned; false when it was not noted.
static inline _Bool crxcore_subscribing_pop(const void *_Nonnull handle) {
    crxcore_subscribing_list *list = &crxcore_subscribing;
    intptr_t depth = list->depth;
    if (depth == 0 || list->handles[depth - 1] != handle) return 0;
    list->depth = depth - 1;
    return 1;
}

/// Whether `handle`'s subscribe call is running on the calling thread.
static inline _Bool crxcore_subscribing_contains(const void *_Nonnull handle) {
    crxcore_subscribing_list *list = &crxcore_subscribing;
    for (intptr_t index = list->depth - 1; index >= 0; index--) {
        if (list->handles[index] == handle) return 1;
    }
    return 0;
}

/// The calling thread's number of running subscribe calls noted.
static inline intptr_t crxcore_subscribing_count(void) {
    return crxcore_subscribing.depth;
}

/// The handle of the `index`th running subscribe call, outermost first.
static inline const void *_Nonnull crxcore_subscribing_at(intptr_t index) {
    return crxcore_subscribing.handles[index];
}

/// The calling thread's resource counts, one per kind index; NULL until the
/// thread first counts a resource.
extern __thread int64_t *_Nullable crxcore_thread_counts;

/// Makes and registers the calling thread's counts; they are folded into the
/// process-wide counts when the thread exits. Out of line: once per thread.
int64_t *_Nonnull crxcore_attach_thread_counts(void);

/// Adds `delta` to the live count of kind `index` (0 ..< CRXCORE_KIND_CAPACITY).
/// Only the calling thread writes its counts, so a relaxed load and store
/// do: no read-modify-write, and readers on other threads see whole values.
static inline void crxcore_count(int32_t index, int64_t delta) {
    int64_t *counts = crxcore_thread_counts;
    if (__builtin_expect(counts == 0, 0)) counts = crxcore_attach_thread_counts();
    int64_t value = __atomic_load_n(&counts[index], __ATOMIC_RELAXED);
    __atomic_store_n(&counts[index], value + delta, __ATOMIC_RELAXED);
}

/// Adds `delta` to the process-wide count of kind `index`: for counts changed
/// rarely, from any thread (RxSwift's `Resources.incrementTotal()`).
void crxcore_count_shared(int32_t index, int64_t delta);

/// Writes the live count of each kind 0 ..< `count` (every thread's counts,
/// and those of threads that exited) to `totals`.
void crxcore_read_counts(int64_t *_Nonnull totals, int32_t count);

// ThreadSanitizer's own annotation functions, defined only when its runtime is
// linked (`swift build --sanitize=thread`): weak, so elsewhere they are null
// and each annotation costs a load and a branch.
extern void __tsan_acquire(void *_Nullable address) __attribute__((weak));
extern void __tsan_release(void *_Nullable address) __attribute__((weak));

/// Tells ThreadSanitizer that what this thread did so far happens before the
/// next `crxcore_tsan_acquire(address)` on any thread. A thread that read a
/// copy-on-write buffer outside a lock calls it before dropping its copy:
/// another thread may then find the buffer uniquely referenced and write it
/// in place, ordered after those reads by the reference count, which the
/// sanitizer does not see (Swift's uniqueness check is not instrumented).
static inline void crxcore_tsan_release(const void *_Nullable address) {
    if (__tsan_release && address) __tsan_release((void *)address);
}

/// The other end of `crxcore_tsan_release`: called once the buffer at
/// `address` is known to be uniquely referenced, before writing it in place.
static inline void crxcore_tsan_acquire(const void *_Nullable address) {
    if (__tsan_acquire && address) __tsan_acquire((void *)address);
}

/// The return address of the function this is inlined into: where its caller
/// resumes. A Swift function that is itself never inlined calls it to learn,
/// for one word and no unwinding, where it was called from (`CallSite`).
static inline __attribute__((always_inline)) uintptr_t crxcore_return_address(void) {
    return (uintptr_t)__builtin_return_address(0);
}

/// The return address of the caller of the function this is inlined into.
/// Swift keeps frame pointers on every platform it supports, so the walk is
/// two loads; used only where a class initialiser is reached through its
/// allocating entry point (`DisposeBag`).
static inline __attribute__((always_inline)) uintptr_t crxcore_return_address_1(void) {
    return (uintptr_t)__builtin_return_address(1);
}
