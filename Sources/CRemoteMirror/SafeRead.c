#define _GNU_SOURCE
#include "SafeRead.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

// process_vm_readv on our own pid reports EFAULT for a bad address. Where a
// sandbox forbids it, write() into a pipe does the same check in the kernel.
enum { MODE_UNKNOWN, MODE_VM_READV, MODE_PIPE, MODE_NONE };

static int mode = MODE_UNKNOWN;
static int pipe_fds[2] = {-1, -1};
static pthread_once_t mode_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t pipe_lock = PTHREAD_MUTEX_INITIALIZER;

// getpid() is a system call of its own (glibc no longer caches it): the pid is
// kept here, and a forked child, whose pid differs, sets its own.
static pid_t own_pid;

static void remember_pid(void) { own_pid = getpid(); }

// process_vm_readv is Linux's; elsewhere every read goes through the pipe.
static int vm_read(uintptr_t address, void *destination, size_t count) {
#if defined(__linux__)
    struct iovec local = {destination, count};
    struct iovec remote = {(void *)address, count};
    return process_vm_readv(own_pid, &local, 1, &remote, 1, 0) == (ssize_t)count;
#else
    (void)address; (void)destination; (void)count;
    return 0;
#endif
}

static int open_pipe(void) {
#if defined(__linux__)
    return pipe2(pipe_fds, O_CLOEXEC | O_NONBLOCK);
#else
    if (pipe(pipe_fds) != 0) return -1;
    for (int index = 0; index < 2; index++) {
        fcntl(pipe_fds[index], F_SETFD, FD_CLOEXEC);
        fcntl(pipe_fds[index], F_SETFL, O_NONBLOCK);
    }
    return 0;
#endif
}

static void choose_mode(void) {
    remember_pid();
    pthread_atfork(NULL, NULL, remember_pid);
    uint64_t probe = 0x5AFE, copy = 0;
    if (vm_read((uintptr_t)&probe, &copy, sizeof copy) && copy == probe) {
        mode = MODE_VM_READV;
    } else if (open_pipe() == 0) {
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

// Metadata, descriptors and reflection records live in the segments of the
// images that carry Swift metadata, which stay mapped (Swift images are never
// unloaded): reads there are plain copies, about a microsecond cheaper than
// the system call. Everything else (heap, other files) can be unmapped at any
// time, so it always goes through the kernel.
//
// Under AddressSanitizer the plain copy is off as well: reflection reads whole
// chunks (a string up to 256 bytes, a record up to its declared size) that run
// past the end of one global into the redzone ASan puts after it, which ASan's
// memcpy reports as a global-buffer-overflow although the bytes are mapped.
// The kernel's copy is not checked, and is what every heap read uses anyway.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CRM_COPY_FROM_IMAGES 0
#endif
#endif
#ifndef CRM_COPY_FROM_IMAGES
#define CRM_COPY_FROM_IMAGES 1
#endif

typedef struct { uintptr_t start, end; } image_range_t;

static image_range_t *image_ranges;
static size_t image_range_count;
static pthread_rwlock_t image_lock = PTHREAD_RWLOCK_INITIALIZER;

// The mapped images are read from /proc/self/maps, which only Linux has; elsewhere none are listed.
void crm_refresh_image_ranges(const char *const *paths, size_t path_count) {
    FILE *maps = fopen("/proc/self/maps", "re");
    if (maps == NULL) return;
    image_range_t *ranges = NULL;
    size_t count = 0, capacity = 0;
    char line[4352];
    while (fgets(line, sizeof line, maps) != NULL) {
        unsigned long start, end, offset, inode;
        char permissions[8], device[16];
        int path_at = 0;
        if (sscanf(line, "%lx-%lx %7s %lx %15s %lu %n", &start, &end, permissions, &offset, device, &inode,
                   &path_at) < 6)
            continue;
        if (permissions[0] != 'r' || inode == 0 || line[path_at] != '/') continue;
        line[strcspn(line, "\n")] = 0;
        int listed = 0;
        for (size_t index = 0; index < path_count && !listed; index++) {
            listed = strcmp(paths[index], line + path_at) == 0;
        }
        if (!listed) continue;
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 256;
            image_range_t *grown = realloc(ranges, capacity * sizeof *ranges);
            if (grown == NULL) break;
            ranges = grown;
        }
        ranges[count++] = (image_range_t){start, end};
    }
    fclose(maps);
    pthread_rwlock_wrlock(&image_lock);
    free(image_ranges);
    image_ranges = ranges;
    image_range_count = count;
    pthread_rwlock_unlock(&image_lock);
}

// The maps file lists mappings in ascending order.
int crm_in_image(uintptr_t address, size_t count) {
    int found = 0;
    pthread_rwlock_rdlock(&image_lock);
    size_t low = 0, high = image_range_count;
    while (low < high) {
        size_t middle = (low + high) / 2;
        if (image_ranges[middle].end <= address) low = middle + 1;
        else high = middle;
    }
    found = low < image_range_count && image_ranges[low].start <= address && address + count <= image_ranges[low].end;
    pthread_rwlock_unlock(&image_lock);
    return found;
}

int crm_safe_read(uintptr_t address, void *destination, size_t count) {
    if (count == 0) return 1;
    if (address < 4096 || address + count < address) return 0;
    if (CRM_COPY_FROM_IMAGES && crm_in_image(address, count)) {
        memcpy(destination, (const void *)address, count);
        return 1;
    }
    pthread_once(&mode_once, choose_mode);
    switch (mode) {
    case MODE_VM_READV: return vm_read(address, destination, count);
    case MODE_PIPE: return pipe_read(address, destination, count);
    default: return 0;
    }
}

// process_vm_readv pins each page of each range it is given: a walk that
// reads 64 bytes of each of 512 objects pins 512 pages where the objects
// share a few dozen. Places close together (sorted, within MANY_GAP bytes of
// the previous one) are read as one span, so each page is pinned once. A span
// touches no page its places do not, so it is readable when they all are.
// process_vm_readv takes up to IOV_MAX ranges, and a range it cannot read
// ends the call there: the spans before it were copied whole (transfers are
// partial at range granularity); the places of that span are read one by one,
// and the call resumes after it.
enum { MANY_BATCH = 512, MANY_GAP = 512 };

typedef struct { uintptr_t address; size_t index; } place_t;

static int compare_places(const void *left, const void *right) {
    uintptr_t a = ((const place_t *)left)->address, b = ((const place_t *)right)->address;
    return a < b ? -1 : a > b;
}

// Reads `count` places (at most MANY_BATCH) as coalesced spans.
static void read_spans(const uintptr_t *addresses, size_t count, size_t each, unsigned char *slots,
                       unsigned char *readable) {
    place_t places[MANY_BATCH];
    for (size_t index = 0; index < count; index++) places[index] = (place_t){addresses[index], index};
    // A walk queues the objects of one page together, mostly in address order.
    int sorted = 1;
    for (size_t index = 1; index < count && sorted; index++) sorted = places[index - 1].address <= places[index].address;
    if (!sorted) qsort(places, count, sizeof *places, compare_places);
    // Span k covers places first[k]..<first[k + 1], bytes [start[k], end[k]).
    size_t first[MANY_BATCH + 1];
    uintptr_t start[MANY_BATCH], end[MANY_BATCH];
    size_t spans = 0, total = 0;
    for (size_t index = 0; index < count; index++) {
        uintptr_t address = places[index].address, last = address + each;
        if (last < address) last = UINTPTR_MAX;
        if (spans > 0 && address <= end[spans - 1] + MANY_GAP) {
            if (last > end[spans - 1]) { total += last - end[spans - 1]; end[spans - 1] = last; }
            continue;
        }
        first[spans] = index;
        start[spans] = address;
        end[spans] = last;
        total += last - address;
        spans++;
    }
    first[spans] = count;
    unsigned char *buffer = malloc(total);
    if (buffer == NULL) {
        for (size_t index = 0; index < count; index++)
            readable[index] = (unsigned char)crm_safe_read(addresses[index], slots + index * each, each);
        return;
    }
    struct iovec local[MANY_BATCH], remote[MANY_BATCH];
    size_t offset[MANY_BATCH];
    for (size_t span = 0, at = 0; span < spans; at += end[span] - start[span], span++) {
        offset[span] = at;
        local[span] = (struct iovec){buffer + at, end[span] - start[span]};
        remote[span] = (struct iovec){(void *)start[span], end[span] - start[span]};
    }
    size_t next = 0;
    while (next < spans) {
#if defined(__linux__)
        ssize_t copied = process_vm_readv(own_pid, local + next, spans - next, remote + next, spans - next, 0);
#else
        ssize_t copied = -1;
#endif
        size_t done = next;
        for (size_t left = copied > 0 ? (size_t)copied : 0; done < spans && left >= local[done].iov_len; done++) {
            left -= local[done].iov_len;
        }
        for (size_t span = next; span < done; span++) {
            for (size_t place = first[span]; place < first[span + 1]; place++) {
                size_t index = places[place].index;
                memcpy(slots + index * each, buffer + offset[span] + (places[place].address - start[span]), each);
                readable[index] = 1;
            }
        }
        if (done < spans) {
            for (size_t place = first[done]; place < first[done + 1]; place++) {
                size_t index = places[place].index;
                readable[index] = (unsigned char)crm_safe_read(places[place].address, slots + index * each, each);
            }
            done++;
        }
        next = done;
    }
    free(buffer);
}

void crm_safe_read_many(const uintptr_t *addresses, size_t count, size_t each, void *destination,
                        unsigned char *readable) {
    unsigned char *slots = destination;
    pthread_once(&mode_once, choose_mode);
    if (mode != MODE_VM_READV || each == 0) {
        for (size_t index = 0; index < count; index++)
            readable[index] = (unsigned char)crm_safe_read(addresses[index], slots + index * each, each);
        return;
    }
    for (size_t next = 0; next < count; next += MANY_BATCH) {
        size_t batch = count - next < MANY_BATCH ? count - next : MANY_BATCH;
        read_spans(addresses + next, batch, each, slots + next * each, readable + next);
    }
}
