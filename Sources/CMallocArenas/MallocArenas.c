#include "CMallocArenas.h"

#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int scrollwork_limit_malloc_arenas(int count) {
#if defined(__GLIBC__)
    if (getenv("MALLOC_ARENA_MAX") != NULL || count < 1) return 0;
    return mallopt(M_ARENA_MAX, count) == 1 ? 1 : 0;
#else
    (void)count;
    return 0;
#endif
}
