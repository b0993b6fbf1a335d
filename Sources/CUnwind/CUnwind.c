#define _GNU_SOURCE
#include "CUnwind.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>

typedef int (*unw_backtrace_fn)(void **buffer, int size);

static _Atomic(unw_backtrace_fn) backtrace_fn;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_libunwind(void) {
    // RTLD_LOCAL keeps libunwind's `_Unwind_*` out of the global symbol scope.
    void *handle = dlopen("libunwind.so.8", RTLD_LOCAL | RTLD_LAZY);
    if (handle == NULL) handle = dlopen("libunwind.so", RTLD_LOCAL | RTLD_LAZY);
    if (handle == NULL) return;
    atomic_store_explicit(&backtrace_fn, (unw_backtrace_fn)dlsym(handle, "unw_backtrace"),
                          memory_order_release);
}

int cunwind_load(void) {
    pthread_once(&load_once, load_libunwind);
    return atomic_load_explicit(&backtrace_fn, memory_order_acquire) != NULL;
}

enum { MAX_DEPTH = 256 };

__attribute__((noinline))
int cunwind_backtrace(uintptr_t *buffer, int capacity, int skip) {
    unw_backtrace_fn fn = atomic_load_explicit(&backtrace_fn, memory_order_acquire);
    if (fn == NULL) {
        if (!cunwind_load()) return 0;
        fn = atomic_load_explicit(&backtrace_fn, memory_order_acquire);
    }
    if (capacity <= 0) return 0;
    if (skip < 0) skip = 0;
    // Whether this function and unw_backtrace show up in the trace depends on
    // tail calls and optimisation; the return address into our caller does not.
    uintptr_t anchor = (uintptr_t)__builtin_return_address(0);
    void *frames[MAX_DEPTH];
    int wanted = capacity + skip + 4;
    int count = fn(frames, wanted < MAX_DEPTH ? wanted : MAX_DEPTH);
    int first = 0;
    while (first < count && (uintptr_t)frames[first] != anchor) first++;
    first = first < count ? first + 1 + skip : skip;
    int written = 0;
    for (int index = first; index < count && written < capacity; index++) {
        buffer[written++] = (uintptr_t)frames[index];
    }
    return written;
}

int cunwind_image_of(uintptr_t address, const char **image_path, uintptr_t *image_base,
                     const char **symbol_name, uintptr_t *symbol_address) {
    Dl_info info;
    if (dladdr((const void *)address, &info) == 0) return 0;
    *image_path = info.dli_fname;
    *image_base = (uintptr_t)info.dli_fbase;
    *symbol_name = info.dli_sname;
    *symbol_address = (uintptr_t)info.dli_saddr;
    return 1;
}
