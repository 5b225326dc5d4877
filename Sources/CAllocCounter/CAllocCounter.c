#include "CAllocCounter.h"

// A sanitizer (`--sanitize=thread` or `address`) brings its own allocator and intercepts
// malloc itself: replacing it as well crashes the process at start-up. Count nothing there.
#if defined(__has_feature)
  #if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
    #define SIGNALS_ALLOC_SANITIZED 1
  #endif
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(SIGNALS_ALLOC_SANITIZED)

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

// glibc's own allocator entry points: forwarding to them avoids dlsym (which
// itself allocates) and any recursion.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static atomic_bool counting = false;
static atomic_uint_fast64_t allocations = 0;

static inline void count_one(void) {
  if (atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  }
}

void *malloc(size_t size) {
  count_one();
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  count_one();
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  count_one();
  return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  // Same validation as glibc: a power of two, and a multiple of sizeof(void *).
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) {
    return EINVAL;
  }
  count_one();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) {
    return ENOMEM;
  }
  *result = pointer;
  return 0;
}

void *valloc(size_t size) {
  count_one();
  return __libc_valloc(size);
}

void *pvalloc(size_t size) {
  count_one();
  return __libc_pvalloc(size);
}

void signals_alloc_counting(bool enabled) {
  atomic_store_explicit(&counting, enabled, memory_order_seq_cst);
}

uint64_t signals_alloc_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }

bool signals_alloc_counter_is_active(void) { return true; }

#else

// Elsewhere (Apple platforms, musl, sanitized builds) the allocator is not interposed: nothing is counted.
void signals_alloc_counting(bool enabled) { (void)enabled; }
uint64_t signals_alloc_count(void) { return 0; }
bool signals_alloc_counter_is_active(void) { return false; }

#endif
