#define _GNU_SOURCE
#include "RemoteMirror.h"
#include "SafeRead.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MemoryReaderInterface.h

typedef enum {
    DLQ_GetPointerSize,
    DLQ_GetSizeSize,
    DLQ_GetPtrAuthMask,
    DLQ_GetObjCReservedLowBits,
    DLQ_GetLeastValidPointerValue,
    DLQ_GetObjCInteropIsEnabled,
} DataLayoutQueryType;

typedef int (*QueryDataLayoutFunction)(void *, DataLayoutQueryType, void *, void *);
typedef void (*FreeBytesFunction)(void *, const void *, void *);
typedef const void *(*ReadBytesFunction)(void *, uint64_t, uint64_t, void **);
typedef uint64_t (*GetStringLengthFunction)(void *, uint64_t);
typedef uint64_t (*GetSymbolAddressFunction)(void *, const char *, uint64_t);

// SwiftRemoteMirrorTypes.h: the deprecated section list that, unlike
// swift_reflection_addImage, works on sections already mapped in-process.

typedef struct { void *Begin; void *End; } section_t;
typedef struct { section_t section; uint64_t offset; } section_pair_t;
typedef struct {
    section_pair_t field, associated_types, builtin_types, capture, type_references, reflection_strings;
    uint64_t LocalStartAddress;
    uint64_t RemoteStartAddress;
} reflection_info_t;

// The runtime's registry of loaded images (shims/MetadataSections.h).

typedef struct { uintptr_t start; size_t length; } section_range_t;
typedef struct {
    uintptr_t version;
    const void *baseAddress;
    void *unused0, *unused1;
    section_range_t protocols, protocol_conformances, type_metadata, typeref, reflstr, fieldmd,
        assocty, replace, replac2, builtin, capture, mpenum, accessible_functions,
        runtime_attributes, tests;
} metadata_sections_t;

void crm_enumerate_metadata_sections(bool (*body)(const metadata_sections_t *, void *), void *context)
    __asm__("swift_enumerateAllMetadataSections");

// The reader: this process's memory through safe reads.

static int query_data_layout(void *reader, DataLayoutQueryType type, void *in, void *out) {
    (void)reader; (void)in;
    switch (type) {
    case DLQ_GetPointerSize: *(uint8_t *)out = sizeof(void *); return 1;
    case DLQ_GetSizeSize: *(uint8_t *)out = sizeof(size_t); return 1;
    case DLQ_GetPtrAuthMask: *(uintptr_t *)out = ~(uintptr_t)0; return 1;
    case DLQ_GetObjCReservedLowBits: *(uint8_t *)out = 0; return 1;
    case DLQ_GetLeastValidPointerValue: *(uint64_t *)out = 0x1000; return 1;
    default: return 0;
    }
}

static void free_bytes(void *reader, const void *bytes, void *context) {
    (void)reader; (void)bytes;
    free(context);
}

// One query reads the same heap object and its neighbours many times; a few
// whole pages, copied once per query, spare most of the system calls.
enum { PAGE = 4096, CACHED_PAGES = 8 };
static struct { uintptr_t page; unsigned char bytes[PAGE]; } page_cache[CACHED_PAGES];
static int cached_pages, next_victim;

void crm_reader_reset(void) {
    cached_pages = 0;
}

static const unsigned char *cached_page(uintptr_t page) {
    for (int index = 0; index < cached_pages; index++) {
        if (page_cache[index].page == page) return page_cache[index].bytes;
    }
    int slot = cached_pages < CACHED_PAGES ? cached_pages : next_victim++ % CACHED_PAGES;
    if (!crm_safe_read(page, page_cache[slot].bytes, PAGE)) return NULL;
    page_cache[slot].page = page;
    if (slot == cached_pages) cached_pages++;
    return page_cache[slot].bytes;
}

static const void *read_bytes(void *reader, uint64_t address, uint64_t size, void **free_context) {
    (void)reader;
    *free_context = NULL;
    if (size > ((uint64_t)1 << 30)) return NULL;
    void *copy = malloc(size ? size : 1);
    if (copy == NULL) return NULL;
    // The library may hold several buffers at once: each gets its own copy.
    uintptr_t page = (uintptr_t)address & ~(uintptr_t)(PAGE - 1);
    const unsigned char *cached = NULL;
    if (size <= PAGE && (uintptr_t)address + size <= page + PAGE && address >= PAGE &&
        !crm_in_image((uintptr_t)address, size)) {
        cached = cached_page(page);
        if (cached != NULL) memcpy(copy, cached + ((uintptr_t)address - page), size);
    }
    if (cached == NULL && !crm_safe_read((uintptr_t)address, copy, size)) {
        free(copy);
        return NULL;
    }
    *free_context = copy;
    return copy;
}

static uint64_t string_length(void *reader, uint64_t address) {
    (void)reader;
    char chunk[256];
    uint64_t length = 0;
    for (;;) {
        // Never read past the page the string might end on.
        uint64_t to_page_end = 4096 - ((address + length) & 4095);
        uint64_t count = to_page_end < sizeof chunk ? to_page_end : sizeof chunk;
        if (!crm_safe_read((uintptr_t)(address + length), chunk, count)) return 0;
        char *end = memchr(chunk, 0, count);
        if (end != NULL) return length + (uint64_t)(end - chunk);
        length += count;
        if (length > (1 << 20)) return 0;
    }
}

static uint64_t symbol_address(void *reader, const char *name, uint64_t length) {
    (void)reader;
    char buffer[512];
    if (length >= sizeof buffer) return 0;
    memcpy(buffer, name, length);
    buffer[length] = 0;
    void *symbol = dlsym(RTLD_DEFAULT, buffer);
    if (symbol == NULL && buffer[0] == '_') symbol = dlsym(RTLD_DEFAULT, buffer + 1);
    return (uint64_t)(uintptr_t)symbol;
}

// Loading.

typedef void *(*create_context_fn)(void *, QueryDataLayoutFunction, FreeBytesFunction,
                                   ReadBytesFunction, GetStringLengthFunction,
                                   GetSymbolAddressFunction);
typedef void (*add_reflection_info_fn)(void *, reflection_info_t);
typedef void (*destroy_context_fn)(void *);

static crm_api api;
static add_reflection_info_fn add_reflection_info;
static create_context_fn create_context;
static destroy_context_fn destroy_context;

enum { MAX_IMAGES = 4096 };
static const void *added_images[MAX_IMAGES];
static reflection_info_t added_infos[MAX_IMAGES];
static char *image_paths[MAX_IMAGES];
static int added_count;

static section_pair_t pair(section_range_t range) {
    section_pair_t result = {{(void *)range.start, (void *)(range.start + range.length)}, 0};
    return result;
}

static bool add_image(const metadata_sections_t *sections, void *counter) {
    for (int index = 0; index < added_count; index++) {
        if (added_images[index] == sections->baseAddress) return true;
    }
    if (added_count == MAX_IMAGES) return false;
    Dl_info image;
    image_paths[added_count] = dladdr(sections->baseAddress, &image) && image.dli_fname
        ? realpath(image.dli_fname, NULL) : NULL;
    reflection_info_t info = {
        pair(sections->fieldmd), pair(sections->assocty), pair(sections->builtin),
        pair(sections->capture), pair(sections->typeref), pair(sections->reflstr),
        0, 0,
    };
    added_infos[added_count] = info;
    added_images[added_count++] = sections->baseAddress;
    add_reflection_info(api.context, info);
    ++*(int *)counter;
    return true;
}

int crm_add_new_images(const crm_api *opened) {
    (void)opened;
    int added = 0;
    crm_enumerate_metadata_sections(add_image, &added);
    if (added > 0) {
        const char *paths[MAX_IMAGES];
        size_t count = 0;
        for (int index = 0; index < added_count; index++) {
            if (image_paths[index] != NULL) paths[count++] = image_paths[index];
        }
        crm_refresh_image_ranges(paths, count);
    }
    return added;
}

// The context keeps every type info it builds until it is destroyed, and it
// builds a new one for each query about a closure context: a fresh context
// fed the same images is the only way to give that memory back.
int crm_recycle(const crm_api *opened) {
    (void)opened;
    void *fresh = create_context(NULL, query_data_layout, free_bytes, read_bytes, string_length, symbol_address);
    if (fresh == NULL) return 0;
    for (int index = 0; index < added_count; index++) add_reflection_info(fresh, added_infos[index]);
    if (destroy_context != NULL) destroy_context(api.context);
    api.context = fresh;
    return 1;
}

#define RESOLVE(field, name)                                                              \
    do {                                                                                  \
        *(void **)&api.field = dlsym(handle, name);                                      \
        if (api.field == NULL) {                                                          \
            snprintf(error, error_capacity, "%s has no symbol %s", path, name);           \
            return NULL;                                                                  \
        }                                                                                 \
    } while (0)

const crm_api *crm_open(char *error, size_t error_capacity) {
    Dl_info runtime;
    if (dladdr((void *)crm_enumerate_metadata_sections, &runtime) == 0 || runtime.dli_fname == NULL) {
        snprintf(error, error_capacity, "cannot locate libswiftCore.so (dladdr failed)");
        return NULL;
    }
    char path[4096];
    const char *slash = strrchr(runtime.dli_fname, '/');
    int directory = slash ? (int)(slash - runtime.dli_fname + 1) : 0;
    snprintf(path, sizeof path, "%.*slibswiftRemoteMirror.so", directory, runtime.dli_fname);
    void *handle = dlopen(path, RTLD_LOCAL | RTLD_NOW);
    if (handle == NULL) {
        snprintf(error, error_capacity, "cannot load %s: %s", path, dlerror());
        return NULL;
    }
    *(void **)&create_context = dlsym(handle, "swift_reflection_createReflectionContextWithDataLayout");
    *(void **)&add_reflection_info = dlsym(handle, "swift_reflection_addReflectionInfo");
    *(void **)&destroy_context = dlsym(handle, "swift_reflection_destroyReflectionContext");
    if (create_context == NULL || add_reflection_info == NULL) {
        snprintf(error, error_capacity, "%s lacks the reflection-context entry points", path);
        return NULL;
    }
    RESOLVE(infoForInstance, "swift_reflection_infoForInstance");
    RESOLVE(childOfInstance, "swift_reflection_childOfInstance");
    RESOLVE(infoForTypeRef, "swift_reflection_infoForTypeRef");
    RESOLVE(childOfTypeRef, "swift_reflection_childOfTypeRef");
    RESOLVE(typeRefForMetadata, "swift_reflection_typeRefForMetadata");
    RESOLVE(typeRefForInstance, "swift_reflection_typeRefForInstance");
    RESOLVE(copyDemangledNameForTypeRef, "swift_reflection_copyDemangledNameForTypeRef");
    RESOLVE(genericArgumentCountOfTypeRef, "swift_reflection_genericArgumentCountOfTypeRef");
    RESOLVE(genericArgumentOfTypeRef, "swift_reflection_genericArgumentOfTypeRef");
    RESOLVE(projectExistential, "swift_reflection_projectExistential");
    RESOLVE(projectEnumValue, "swift_reflection_projectEnumValue");
    api.context = create_context(NULL, query_data_layout, free_bytes, read_bytes, string_length, symbol_address);
    if (api.context == NULL) {
        snprintf(error, error_capacity, "swift_reflection_createReflectionContextWithDataLayout failed");
        return NULL;
    }
    crm_add_new_images(&api);
    return &api;
}
