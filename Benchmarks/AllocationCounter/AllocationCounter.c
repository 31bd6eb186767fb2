// See include/AllocationCounter.h.

#include "AllocationCounter.h"

#include <stddef.h>
#include <stdlib.h>  // Defines __GLIBC__ where the C library is glibc.

// A sanitizer's runtime defines malloc itself and must see every allocation: no interposing.
#if defined(__has_feature)
    #if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) \
        || __has_feature(memory_sanitizer)
        #define STRATA_SANITIZED 1
    #endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    #define STRATA_SANITIZED 1
#endif

#if defined(__GLIBC__) && !defined(STRATA_SANITIZED)

    #include <errno.h>
    #include <stdatomic.h>

// glibc's own allocator, exported under these names for interposers like this one.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);
extern void __libc_free(void *pointer);

// Zero-initialised statics: usable before any constructor runs, with no allocation and no
// lazy initialisation, so the first malloc of the process can use them.
static atomic_bool counting;
static atomic_ullong allocations;
static atomic_ullong frees;

// Relaxed: each count is a single counter, read after the measured code has run on the
// thread that reads it; nothing else is ordered by it.
static inline void count_allocation(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    }
}

void *malloc(size_t size) {
    count_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_allocation();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // The checks glibc's posix_memalign makes before it allocates.
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0
        || alignment == 0)
    {
        return EINVAL;
    }
    count_allocation();
    void *memory = __libc_memalign(alignment, size);
    if (memory == NULL) return ENOMEM;
    *result = memory;
    return 0;
}

void *valloc(size_t size) {
    count_allocation();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    count_allocation();
    return __libc_pvalloc(size);
}

void free(void *pointer) {
    if (pointer != NULL && atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    }
    __libc_free(pointer);
}

int strata_allocation_counter_is_available(void) { return 1; }

void strata_allocation_counter_start(void) {
    atomic_store_explicit(&allocations, 0, memory_order_relaxed);
    atomic_store_explicit(&frees, 0, memory_order_relaxed);
    atomic_store_explicit(&counting, 1, memory_order_seq_cst);
}

void strata_allocation_counter_stop(void) {
    atomic_store_explicit(&counting, 0, memory_order_seq_cst);
}

unsigned long long strata_allocation_counter_allocations(void) {
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}

unsigned long long strata_allocation_counter_frees(void) {
    return atomic_load_explicit(&frees, memory_order_relaxed);
}

#else

int strata_allocation_counter_is_available(void) { return 0; }
void strata_allocation_counter_start(void) {}
void strata_allocation_counter_stop(void) {}
unsigned long long strata_allocation_counter_allocations(void) { return 0; }
unsigned long long strata_allocation_counter_frees(void) { return 0; }

#endif
