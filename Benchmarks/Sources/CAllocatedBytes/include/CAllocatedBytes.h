#ifndef C_ALLOCATED_BYTES_H
#define C_ALLOCATED_BYTES_H

#include <stddef.h>

/// Bytes the C allocator currently hands out (glibc: mallinfo2's uordblks + hblkhd, the
/// small-block heap and the mmap'd large blocks). Returns 0 where mallinfo2 is unavailable.
size_t diffable_allocated_bytes(void);

/// Whether diffable_allocated_bytes measures anything on this platform.
int diffable_allocated_bytes_available(void);

/// The process's resident size from /proc/self/statm, or 0 where there is no /proc.
long diffable_resident_bytes(void);

#endif
