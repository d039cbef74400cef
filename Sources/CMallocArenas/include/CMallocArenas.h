#ifndef C_MALLOC_ARENAS_H
#define C_MALLOC_ARENAS_H

/// Asks glibc's malloc for at most `count` arenas (M_ARENA_MAX) unless the environment already
/// set MALLOC_ARENA_MAX, which is then left as the person set it. Returns 1 when the limit was
/// set, 0 when it was left or could not be set (a C library other than glibc).
int scrollwork_limit_malloc_arenas(int count);

#endif
