#pragma once
// Swift runtime entry points (exported by libswiftCore) under names of our
// own, so they never clash with the stdlib's private SwiftShims declarations.

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Strong references to `object` (at least 1 while it lives).
size_t crm_retain_count(const void *object) __asm__("swift_retainCount");
/// Unowned references to `object`, including the one all strong references share.
size_t crm_unowned_retain_count(const void *object) __asm__("swift_unownedRetainCount");
/// Weak references to `object` (1 when none: the count starts at one).
size_t crm_weak_retain_count(const void *object) __asm__("swift_weakRetainCount");
/// True once `object`'s strong count reached zero and deinit began.
bool crm_is_deallocating(const void *object) __asm__("swift_isDeallocating");
/// Adds an unowned reference: keeps `object`'s memory (not the object) alive.
void *crm_unowned_retain(void *object) __asm__("swift_unownedRetain");
/// Drops an unowned reference; the last one frees the memory.
void crm_unowned_release(void *object) __asm__("swift_unownedRelease");

/// The runtime's demangler. Returns a malloc'd string the caller frees, or
/// NULL when `mangled_name` is not a Swift symbol.
char *crm_demangle(const char *mangled_name, size_t mangled_name_length,
                   char *output_buffer, size_t *output_buffer_size, uint32_t flags)
    __asm__("swift_demangle");
