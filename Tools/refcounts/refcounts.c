// Counts the calls that cost atomic operations, by caller: non-nil swift_retain / swift_release (and
// their _n forms), swift_allocObject and pthread_mutex_lock. Preloaded into signals-bench (see
// refcounts.sh); at exit it writes "kind count offset symbol" lines to the file named by REFCOUNTS_OUT.
// A profiling aid for BENCHMARKS.md, not part of the package: callgrind counts every call, including
// the free ones on nil, and cannot tell which retains are real.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { slots = 1 << 16 };
typedef struct {
  void *caller;
  long kind;
  long count;
} Entry;
static Entry table[slots];

static void record(void *caller, long kind) {
  uintptr_t index = ((uintptr_t)caller * 2654435761u + (uintptr_t)kind) % slots;
  for (;;) {
    if (table[index].caller == caller && table[index].kind == kind) {
      __atomic_add_fetch(&table[index].count, 1, __ATOMIC_RELAXED);
      return;
    }
    if (table[index].caller == 0) {
      table[index].caller = caller;
      table[index].kind = kind;
      table[index].count = 1;
      return;
    }
    index = (index + 1) % slots;
  }
}

#define NEXT(name) static __typeof__(name) *next; if (!next) next = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

void *swift_retain(void *object) {
  NEXT(swift_retain);
  if (object) record(__builtin_return_address(0), 1);
  return next(object);
}
void swift_release(void *object) {
  NEXT(swift_release);
  if (object) record(__builtin_return_address(0), 2);
  next(object);
}
void *swift_retain_n(void *object, uint32_t n) {
  NEXT(swift_retain_n);
  if (object) record(__builtin_return_address(0), 1);
  return next(object, n);
}
void swift_release_n(void *object, uint32_t n) {
  NEXT(swift_release_n);
  if (object) record(__builtin_return_address(0), 2);
  next(object, n);
}
void *swift_allocObject(void *metadata, size_t size, size_t alignMask) {
  NEXT(swift_allocObject);
  record(__builtin_return_address(0), 3);
  return next(metadata, size, alignMask);
}
int pthread_mutex_lock(pthread_mutex_t *mutex) {
  NEXT(pthread_mutex_lock);
  record(__builtin_return_address(0), 4);
  return next(mutex);
}

__attribute__((destructor)) static void dump(void) {
  const char *path = getenv("REFCOUNTS_OUT");
  if (!path) return;
  FILE *out = fopen(path, "w");
  if (!out) return;
  for (int index = 0; index < slots; index++) {
    if (!table[index].caller) continue;
    Dl_info info;
    uintptr_t offset = 0;
    const char *name = "?";
    const char *library = "?";
    if (dladdr(table[index].caller, &info)) {
      offset = (uintptr_t)table[index].caller - (uintptr_t)info.dli_fbase;
      if (info.dli_sname) name = info.dli_sname;
      if (info.dli_fname) {
        const char *slash = strrchr(info.dli_fname, '/');
        library = slash ? slash + 1 : info.dli_fname;
      }
    }
    fprintf(out, "%ld %ld %lx %s %s\n", table[index].kind, table[index].count, offset, library, name);
  }
  fclose(out);
}
