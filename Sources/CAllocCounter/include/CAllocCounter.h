#ifndef CALLOCCOUNTER_H
#define CALLOCCOUNTER_H
#include <stdint.h>
/// Number of heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc) so far.
uint64_t signals_alloc_count(void);
#endif
