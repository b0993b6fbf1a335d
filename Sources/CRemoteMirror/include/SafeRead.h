#pragma once
// Reads of this process's own memory that fail instead of faulting.

#include <stddef.h>
#include <stdint.h>

/// Copies `count` bytes at `address` into `destination`. Returns 1 when every
/// byte was readable, 0 otherwise (unmapped or protected memory never faults).
/// Thread-safe.
int crm_safe_read(uintptr_t address, void *destination, size_t count);
