// Interposes glibc's allocator entry points in the executable so every
// allocation (including the Swift runtime's) can be counted.
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include "CMallocCounter.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static volatile int enabled;
static uint64_t count;

#define COUNT() do { if (enabled) __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED); } while (0)

void malloc_counter_enable(int on) { enabled = on; }
uint64_t malloc_counter_value(void) { return __atomic_load_n(&count, __ATOMIC_RELAXED); }

void *malloc(size_t n) { COUNT(); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { COUNT(); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { COUNT(); return __libc_realloc(p, n); }
void *aligned_alloc(size_t al, size_t n) { COUNT(); return __libc_memalign(al, n); }
void *memalign(size_t al, size_t n) { COUNT(); return __libc_memalign(al, n); }
int posix_memalign(void **out, size_t al, size_t n) {
    COUNT();
    void *p = __libc_memalign(al, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
