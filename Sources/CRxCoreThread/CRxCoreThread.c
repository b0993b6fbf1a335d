#include "CRxCoreThread.h"

#include <pthread.h>
#include <stdlib.h>
#if !defined(__APPLE__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

__thread void *_Nullable crxcore_trampoline_state = 0;
__thread int64_t *_Nullable crxcore_thread_counts = 0;
__thread crxcore_subscribing_list crxcore_subscribing;
__thread int8_t crxcore_main_thread_state = 0;

_Bool crxcore_ask_main_thread(void) {
#if defined(__APPLE__)
    _Bool main = pthread_main_np() != 0;
#else
    // The main thread's id is the process's (what Foundation compares on Linux).
    _Bool main = syscall(SYS_gettid) == getpid();
#endif
    crxcore_main_thread_state = main ? 1 : 2;
    return main;
}

// Each live thread's counts, linked for readers; when a thread exits, its
// counts are added to `process_counts` and unlinked. `process_counts` also
// takes the changes made through crxcore_count_shared. Guarded by `lock`.
typedef struct counts_block {
    int64_t counts[CRXCORE_KIND_CAPACITY];
    struct counts_block *_Nullable next;
    struct counts_block *_Nullable previous;
} counts_block;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static counts_block *_Nullable blocks = 0;
static int64_t process_counts[CRXCORE_KIND_CAPACITY];
static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;

static void fold_thread_counts(void *_Nullable value) {
    counts_block *block = value;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < CRXCORE_KIND_CAPACITY; i++) {
        process_counts[i] += __atomic_load_n(&block->counts[i], __ATOMIC_RELAXED);
    }
    if (block->previous) block->previous->next = block->next; else blocks = block->next;
    if (block->next) block->next->previous = block->previous;
    pthread_mutex_unlock(&lock);
    // A resource counted by a later thread-exit destructor makes new counts.
    crxcore_thread_counts = 0;
    free(block);
}

static void make_exit_key(void) {
    if (pthread_key_create(&exit_key, fold_thread_counts) != 0) abort();
}

int64_t *_Nonnull crxcore_attach_thread_counts(void) {
    pthread_once(&exit_key_once, make_exit_key);
    counts_block *block = calloc(1, sizeof(counts_block));
    if (!block) abort();
    pthread_mutex_lock(&lock);
    block->next = blocks;
    if (blocks) blocks->previous = block;
    blocks = block;
    pthread_mutex_unlock(&lock);
    pthread_setspecific(exit_key, block);
    crxcore_thread_counts = block->counts;
    return block->counts;
}

void crxcore_count_shared(int32_t index, int64_t delta) {
    pthread_mutex_lock(&lock);
    process_counts[index] += delta;
    pthread_mutex_unlock(&lock);
}

void crxcore_read_counts(int64_t *_Nonnull totals, int32_t count) {
    pthread_mutex_lock(&lock);
    for (int32_t i = 0; i < count; i++) totals[i] = process_counts[i];
    for (counts_block *block = blocks; block; block = block->next) {
        for (int32_t i = 0; i < count; i++) totals[i] += __atomic_load_n(&block->counts[i], __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&lock);
}
