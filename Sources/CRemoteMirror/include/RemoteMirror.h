#pragma once
// The parts of SwiftRemoteMirror.h (not shipped with the toolchain) that the
// probes use, reproduced for Swift 6.3 on 64-bit Linux, and an in-process
// reader behind them. libswiftRemoteMirror is loaded with dlopen from the
// directory that holds libswiftCore.so.

#include <stddef.h>
#include <stdint.h>

/// swift_layout_kind_t: what RemoteMirror knows a value or field to be.
typedef enum crm_layout_kind {
    CRM_UNKNOWN,
    CRM_BUILTIN,
    CRM_RAW_POINTER,
    CRM_TUPLE,
    CRM_STRUCT,
    CRM_NO_PAYLOAD_ENUM,
    CRM_SINGLE_PAYLOAD_ENUM,
    CRM_MULTI_PAYLOAD_ENUM,
    CRM_THICK_FUNCTION,
    CRM_OPAQUE_EXISTENTIAL,
    CRM_CLASS_EXISTENTIAL,
    CRM_ERROR_EXISTENTIAL,
    CRM_EXISTENTIAL_METATYPE,
    CRM_STRONG_REFERENCE,
    CRM_UNOWNED_REFERENCE,
    CRM_WEAK_REFERENCE,
    CRM_UNMANAGED_REFERENCE,
    CRM_CLASS_INSTANCE,
    CRM_CLOSURE_CONTEXT,
    CRM_ARRAY,
} crm_layout_kind;

/// swift_typeinfo_t.
typedef struct crm_typeinfo {
    crm_layout_kind Kind;
    unsigned Size;
    unsigned Alignment;
    unsigned Stride;
    unsigned NumFields;
} crm_typeinfo;

/// swift_childinfo_t. `Name` is owned by the reflection context.
typedef struct crm_childinfo {
    const char *Name;
    unsigned Offset;
    crm_layout_kind Kind;
    uintptr_t TR;
} crm_childinfo;

/// The RemoteMirror entry points the probes call; all need the lock the
/// Swift side holds (the library is not thread-safe).
typedef struct crm_api {
    void *context;
    crm_typeinfo (*infoForInstance)(void *context, uintptr_t object);
    crm_childinfo (*childOfInstance)(void *context, uintptr_t object, unsigned index);
    crm_typeinfo (*infoForTypeRef)(void *context, uintptr_t typeRef);
    crm_childinfo (*childOfTypeRef)(void *context, uintptr_t typeRef, unsigned index);
    uintptr_t (*typeRefForMetadata)(void *context, uintptr_t metadata);
    uintptr_t (*typeRefForInstance)(void *context, uintptr_t object);
    char *(*copyDemangledNameForTypeRef)(void *context, uintptr_t typeRef);
    unsigned (*genericArgumentCountOfTypeRef)(uintptr_t typeRef);
    uintptr_t (*genericArgumentOfTypeRef)(uintptr_t typeRef, unsigned index);
    int (*projectExistential)(void *context, uint64_t existential, uintptr_t existentialTypeRef,
                              uintptr_t *instanceTypeRef, uint64_t *startOfInstanceData);
    int (*projectEnumValue)(void *context, uint64_t enumAddress, uintptr_t enumTypeRef, int *caseIndex);
} crm_api;

/// Loads the library and creates a reflection context over this process's
/// memory, fed with the reflection sections of every image loaded so far.
/// Returns NULL and writes a message into `error` when that fails. Call once.
const crm_api *crm_open(char *error, size_t error_capacity);

/// Adds the reflection sections of images loaded since the last call (or
/// since crm_open); returns how many images were added. Needs the lock.
int crm_add_new_images(const crm_api *api);

/// Replaces the reflection context with a fresh one fed the same images and
/// destroys the old one, freeing every type info it built; type references
/// from the old context are invalid afterwards. Returns 0 (keeping the old
/// context) when a new one cannot be made. Needs the lock.
int crm_recycle(const crm_api *api);

/// Forgets the heap pages the reader copied during the previous query. Needs
/// the lock; call at the start of every query.
void crm_reader_reset(void);
