#define _GNU_SOURCE
#include "CUnwind.h"

#include <dlfcn.h>
#include <string.h>
#if defined(__linux__)
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif
#include <pthread.h>
#include <stdatomic.h>

typedef int (*unw_backtrace_fn)(void **buffer, int size);

static _Atomic(unw_backtrace_fn) backtrace_fn;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_libunwind(void) {
    // RTLD_LOCAL keeps libunwind's `_Unwind_*` out of the global symbol scope.
    void *handle = dlopen("libunwind.so.8", RTLD_LOCAL | RTLD_LAZY);
    if (handle == NULL) handle = dlopen("libunwind.so", RTLD_LOCAL | RTLD_LAZY);
    if (handle == NULL) return;
    atomic_store_explicit(&backtrace_fn, (unw_backtrace_fn)dlsym(handle, "unw_backtrace"),
                          memory_order_release);
}

int cunwind_load(void) {
    pthread_once(&load_once, load_libunwind);
    return atomic_load_explicit(&backtrace_fn, memory_order_acquire) != NULL;
}

enum { MAX_DEPTH = 256 };

__attribute__((noinline))
int cunwind_backtrace(uintptr_t *buffer, int capacity, int skip) {
    unw_backtrace_fn fn = atomic_load_explicit(&backtrace_fn, memory_order_acquire);
    if (fn == NULL) {
        if (!cunwind_load()) return 0;
        fn = atomic_load_explicit(&backtrace_fn, memory_order_acquire);
    }
    if (capacity <= 0) return 0;
    if (skip < 0) skip = 0;
    // Whether this function and unw_backtrace show up in the trace depends on
    // tail calls and optimisation; the return address into our caller does not.
    uintptr_t anchor = (uintptr_t)__builtin_return_address(0);
    void *frames[MAX_DEPTH];
    int wanted = capacity + skip + 4;
    int count = fn(frames, wanted < MAX_DEPTH ? wanted : MAX_DEPTH);
    int first = 0;
    while (first < count && (uintptr_t)frames[first] != anchor) first++;
    first = first < count ? first + 1 + skip : skip;
    int written = 0;
    for (int index = first; index < count && written < capacity; index++) {
        buffer[written++] = (uintptr_t)frames[index];
    }
    return written;
}

int cunwind_image_of(uintptr_t address, const char **image_path, uintptr_t *image_base,
                     const char **symbol_name, uintptr_t *symbol_address) {
    Dl_info info;
    if (dladdr((const void *)address, &info) == 0) return 0;
    *image_path = info.dli_fname;
    *image_base = (uintptr_t)info.dli_fbase;
    *symbol_name = info.dli_sname;
    *symbol_address = (uintptr_t)info.dli_saddr;
    return 1;
}

#if defined(__linux__)
struct segment_list {
    uintptr_t *starts;
    uintptr_t *ends;
    int capacity;
    int count;
};

static int collect_writable_segments(struct dl_phdr_info *info, size_t size, void *context) {
    (void)size;
    struct segment_list *list = context;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_LOAD || (header->p_flags & PF_W) == 0) continue;
        if (list->count < list->capacity) {
            list->starts[list->count] = info->dlpi_addr + header->p_vaddr;
            list->ends[list->count] = info->dlpi_addr + header->p_vaddr + header->p_memsz;
        }
        list->count++;
    }
    // The executable is listed first: stop after it.
    return 1;
}
#endif

int cunwind_executable_writable_segments(uintptr_t *starts, uintptr_t *ends, int capacity) {
#if defined(__linux__)
    struct segment_list list = {starts, ends, capacity, 0};
    dl_iterate_phdr(collect_writable_segments, &list);
    return list.count;
#else
    (void)starts; (void)ends; (void)capacity;
    return 0;
#endif
}

#if defined(__linux__)
struct data_symbol {
    uintptr_t start;
    uintptr_t end;
    const char *name;
};

static struct data_symbol *data_symbols;
static size_t data_symbol_count;
static struct data_symbol *function_symbols;
static size_t function_symbol_count;
static pthread_once_t data_symbols_once = PTHREAD_ONCE_INIT;

static int executable_bias(struct dl_phdr_info *info, size_t size, void *context) {
    (void)size;
    *(uintptr_t *)context = info->dlpi_addr;
    return 1;
}

static int by_start(const void *left, const void *right) {
    const struct data_symbol *a = left, *b = right;
    return a->start < b->start ? -1 : a->start > b->start;
}

/// Maps the executable once (kept for the process's life: the names point into it) and sorts its
/// object symbols by address.
static void load_data_symbols(void) {
    int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat status;
    if (fstat(fd, &status) != 0 || (size_t)status.st_size < sizeof(ElfW(Ehdr))) { close(fd); return; }
    size_t size = (size_t)status.st_size;
    const unsigned char *image = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (image == MAP_FAILED) return;
    const ElfW(Ehdr) *header = (const ElfW(Ehdr) *)image;
    if (memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 || header->e_shentsize != sizeof(ElfW(Shdr))
        || header->e_shoff + (size_t)header->e_shnum * sizeof(ElfW(Shdr)) > size) {
        munmap((void *)image, size);
        return;
    }
    uintptr_t bias = 0;
    dl_iterate_phdr(executable_bias, &bias);
    const ElfW(Shdr) *sections = (const ElfW(Shdr) *)(image + header->e_shoff);
    for (int index = 0; index < header->e_shnum; index++) {
        const ElfW(Shdr) *table = &sections[index];
        if (table->sh_type != SHT_SYMTAB || table->sh_link >= header->e_shnum) continue;
        const ElfW(Shdr) *strings = &sections[table->sh_link];
        if (table->sh_offset + table->sh_size > size || strings->sh_offset + strings->sh_size > size) continue;
        const ElfW(Sym) *symbols = (const ElfW(Sym) *)(image + table->sh_offset);
        size_t count = table->sh_size / sizeof(ElfW(Sym));
        struct data_symbol *found = malloc(count * sizeof(struct data_symbol));
        struct data_symbol *functions = malloc(count * sizeof(struct data_symbol));
        if (found == NULL || functions == NULL) { free(found); free(functions); break; }
        size_t kept = 0, kept_functions = 0;
        for (size_t symbol = 0; symbol < count; symbol++) {
            int type = ELF64_ST_TYPE(symbols[symbol].st_info);
            if ((type != STT_OBJECT && type != STT_FUNC) || symbols[symbol].st_name >= strings->sh_size
                || symbols[symbol].st_value == 0) continue;
            uintptr_t start = bias + symbols[symbol].st_value;
            size_t length = symbols[symbol].st_size > 0 ? symbols[symbol].st_size : sizeof(void *);
            struct data_symbol entry = {start, start + length, (const char *)(image + strings->sh_offset + symbols[symbol].st_name)};
            if (type == STT_OBJECT) found[kept++] = entry; else functions[kept_functions++] = entry;
        }
        qsort(found, kept, sizeof(struct data_symbol), by_start);
        qsort(functions, kept_functions, sizeof(struct data_symbol), by_start);
        data_symbols = found;
        data_symbol_count = kept;
        function_symbols = functions;
        function_symbol_count = kept_functions;
        return;
    }
}
#endif

#if defined(__linux__)
/// The symbol of `symbols` (sorted) whose range holds `address`, or NULL.
static const struct data_symbol *symbol_holding(const struct data_symbol *symbols, size_t count, uintptr_t address) {
    size_t low = 0, high = count;
    while (low < high) {
        size_t middle = (low + high) / 2;
        if (symbols[middle].start <= address) low = middle + 1; else high = middle;
    }
    return low > 0 && address < symbols[low - 1].end ? &symbols[low - 1] : NULL;
}
#endif

uintptr_t cunwind_partial_apply_target(uintptr_t forwarder) {
#if defined(__linux__)
    pthread_once(&data_symbols_once, load_data_symbols);
    const struct data_symbol *symbol = symbol_holding(function_symbols, function_symbol_count, forwarder);
    if (symbol == NULL) return 0;
    size_t length = strlen(symbol->name);
    if (length < 3 || strcmp(symbol->name + length - 2, "TA") != 0) return 0;
    for (size_t index = 0; index < function_symbol_count; index++) {
        const char *name = function_symbols[index].name;
        if (strncmp(name, symbol->name, length - 2) == 0 && name[length - 2] == 0) return function_symbols[index].start;
    }
#else
    (void)forwarder;
#endif
    return 0;
}

int cunwind_data_symbols(const uintptr_t *addresses, int count, const char **names) {
    int named = 0;
    for (int index = 0; index < count; index++) names[index] = NULL;
#if defined(__linux__)
    pthread_once(&data_symbols_once, load_data_symbols);
    for (int index = 0; index < count; index++) {
        const struct data_symbol *symbol = symbol_holding(data_symbols, data_symbol_count, addresses[index]);
        if (symbol != NULL) {
            names[index] = symbol->name;
            named++;
        }
    }
#endif
    return named;
}
