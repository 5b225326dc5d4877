#ifndef CALLOCCOUNTER_H
#define CALLOCCOUNTER_H
#include <stdbool.h>
#include <stdint.h>

// Counts heap allocations for signals-bench by interposing the allocator.
//
// This target defines malloc, calloc, realloc, free, posix_memalign,
// aligned_alloc, memalign, valloc and pvalloc; each forwards to glibc's
// __libc_* entry point. Because the definitions live in the executable, the
// dynamic linker binds every caller in the process (the Swift runtime, Dispatch,
// Foundation) to them. Link it only into signals-bench: a test binary built
// with --sanitize=thread crashes when its allocator is replaced.

/// Starts or stops counting. Counting is off at launch, so the timed runs pay
/// one relaxed atomic load per allocation and nothing more.
void signals_alloc_counting(bool enabled);

/// Number of heap allocations (malloc, calloc, realloc, posix_memalign,
/// aligned_alloc, memalign, valloc, pvalloc) made while counting was on, on any thread.
uint64_t signals_alloc_count(void);

/// Whether the allocator is really interposed: false where this target counts
/// nothing (other platforms, sanitized builds); then no count is reported.
bool signals_alloc_counter_is_active(void);

#endif
