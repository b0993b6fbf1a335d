#pragma once
// Raw backtraces through libunwind, loaded with dlopen so that libunwind does
// not take over `_Unwind_*` for the whole process (linking -lunwind would).

#include <stddef.h>
#include <stdint.h>

/// Loads libunwind once ("libunwind.so.8", then "libunwind.so"); returns 1
/// when `unw_backtrace` is usable, 0 otherwise. Thread-safe.
int cunwind_load(void);

/// Writes up to `capacity` return addresses, innermost first, of the callers
/// of the function that calls this one, leaving out `skip` more of them;
/// returns how many were written (0 when libunwind is unavailable).
/// The caller must not be inlined (its frame is the anchor).
int cunwind_backtrace(uintptr_t *buffer, int capacity, int skip);

/// What `dladdr` knows about `address`: the image path and load base, and the
/// nearest exported symbol when there is one. Returns 0 when `address` lies in
/// no loaded image.
int cunwind_image_of(uintptr_t address, const char **image_path, uintptr_t *image_base,
                     const char **symbol_name, uintptr_t *symbol_address);
