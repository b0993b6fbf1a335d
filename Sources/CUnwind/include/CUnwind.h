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

/// The writable load segments of the process's executable (its `.data` and
/// `.bss`, where globals live): up to `capacity` of them into `starts` and
/// `ends`. Returns how many there are (Linux; 0 elsewhere).
int cunwind_executable_writable_segments(uintptr_t *starts, uintptr_t *ends, int capacity);

/// For each of `count` addresses, the raw name of the executable's data
/// symbol (a global's storage) that holds it, read from the executable's own
/// symbol table (not only the exported symbols `dladdr` knows), or NULL. The
/// names live as long as the process. Returns how many were named (Linux; 0 elsewhere).
int cunwind_data_symbols(const uintptr_t *addresses, int count, const char **names);

/// The function a Swift partial-apply forwarder at `forwarder` (a closure's
/// entry point, symbol `…TA`) forwards to, the closure's own body, found by
/// name in the executable's symbol table; 0 when `forwarder` is no such forwarder.
uintptr_t cunwind_partial_apply_target(uintptr_t forwarder);

/// What `dladdr` knows about `address`: the image path and load base, and the
/// nearest exported symbol when there is one. Returns 0 when `address` lies in
/// no loaded image.
int cunwind_image_of(uintptr_t address, const char **image_path, uintptr_t *image_base,
                     const char **symbol_name, uintptr_t *symbol_address);
