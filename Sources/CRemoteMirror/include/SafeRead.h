#pragma once
// Reads of this process's own memory that fail instead of faulting.

#include <stddef.h>
#include <stdint.h>

/// Copies `count` bytes at `address` into `destination`. Returns 1 when every
/// byte was readable, 0 otherwise (unmapped or protected memory never faults).
/// Thread-safe.
int crm_safe_read(uintptr_t address, void *destination, size_t count);

/// Copies `each` bytes at every one of `count` addresses into consecutive
/// slots of `destination`, in as few system calls as the kernel allows;
/// `readable[i]` is set to 1 when the bytes at `addresses[i]` were all
/// readable, else 0 (and its slot is left as it was). Thread-safe.
void crm_safe_read_many(const uintptr_t *addresses, size_t count, size_t each, void *destination,
                        unsigned char *readable);

/// Re-reads the mappings of the files at `paths` (resolved paths of images
/// that are never unloaded); reads inside them skip the system call. Until
/// the first call every read goes through the kernel.
void crm_refresh_image_ranges(const char *const *paths, size_t path_count);

/// Whether [address, address + count) lies inside one mapping of those images.
int crm_in_image(uintptr_t address, size_t count);
