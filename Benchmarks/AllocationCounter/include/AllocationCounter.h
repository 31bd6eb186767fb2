// AllocationCounter: counts the process's heap allocations, for strata-bench only.
//
// On Linux with glibc, the target defines malloc, calloc, realloc, posix_memalign,
// aligned_alloc, memalign, valloc, pvalloc and free. Those in the executable interpose the C
// library's for every caller, the Swift runtime included: swift_slowAlloc, under every class
// instance, closure context and array buffer, calls malloc (or posix_memalign for
// over-aligned memory). Each one counts the call while counting is on, then forwards to
// glibc's own __libc_* function. Counting is off until started, so the rest of the process
// pays one relaxed atomic load per call.
//
// Elsewhere (another C library, or a sanitizer that brings its own allocator), nothing is
// interposed and strata_allocation_counter_is_available() returns 0: no figure rather than
// a wrong one.

#ifndef STRATA_ALLOCATION_COUNTER_H
#define STRATA_ALLOCATION_COUNTER_H

#ifdef __cplusplus
extern "C" {
#endif

/// 1 when this build counts allocations; 0 when it cannot (see above).
int strata_allocation_counter_is_available(void);

/// Sets both counts to zero and starts counting, on every thread.
void strata_allocation_counter_start(void);

/// Stops counting. The counts stay readable until the next start.
void strata_allocation_counter_stop(void);

/// Allocating calls (malloc, calloc, realloc, the aligned ones) counted since the start.
unsigned long long strata_allocation_counter_allocations(void);

/// Calls to free of a non-null pointer counted since the start.
unsigned long long strata_allocation_counter_frees(void);

#ifdef __cplusplus
}
#endif

#endif
