#define _GNU_SOURCE
#include "SafeRead.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/uio.h>
#include <unistd.h>

// process_vm_readv on our own pid reports EFAULT for a bad address. Where a
// sandbox forbids it, write() into a pipe does the same check in the kernel.
enum { MODE_UNKNOWN, MODE_VM_READV, MODE_PIPE, MODE_NONE };

static int mode = MODE_UNKNOWN;
static int pipe_fds[2] = {-1, -1};
static pthread_once_t mode_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t pipe_lock = PTHREAD_MUTEX_INITIALIZER;

static int vm_read(uintptr_t address, void *destination, size_t count) {
    struct iovec local = {destination, count};
    struct iovec remote = {(void *)address, count};
    return process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == (ssize_t)count;
}

static void choose_mode(void) {
    uint64_t probe = 0x5AFE, copy = 0;
    if (vm_read((uintptr_t)&probe, &copy, sizeof copy) && copy == probe) {
        mode = MODE_VM_READV;
    } else if (pipe2(pipe_fds, O_CLOEXEC | O_NONBLOCK) == 0) {
        mode = MODE_PIPE;
    } else {
        mode = MODE_NONE;
    }
}

static int pipe_read(uintptr_t address, unsigned char *destination, size_t count) {
    int ok = 1;
    pthread_mutex_lock(&pipe_lock);
    while (ok && count > 0) {
        size_t chunk = count < 4096 ? count : 4096;
        ssize_t written = write(pipe_fds[1], (const void *)address, chunk);
        size_t drained = 0;
        while (written > 0 && drained < (size_t)written) {
            ssize_t got = read(pipe_fds[0], destination + drained, (size_t)written - drained);
            if (got <= 0) break;
            drained += (size_t)got;
        }
        ok = written == (ssize_t)chunk && drained == chunk;
        address += chunk;
        destination += chunk;
        count -= chunk;
    }
    pthread_mutex_unlock(&pipe_lock);
    return ok;
}

int crm_safe_read(uintptr_t address, void *destination, size_t count) {
    if (count == 0) return 1;
    if (address < 4096 || address + count < address) return 0;
    pthread_once(&mode_once, choose_mode);
    switch (mode) {
    case MODE_VM_READV: return vm_read(address, destination, count);
    case MODE_PIPE: return pipe_read(address, destination, count);
    default: return 0;
    }
}
