#include "CAllocatedBytes.h"

#include <stdio.h>
#include <stdlib.h>  // defines __GLIBC__ where glibc is the C library
#include <unistd.h>

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>

size_t diffable_allocated_bytes(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

int diffable_allocated_bytes_available(void) { return 1; }
#else
size_t diffable_allocated_bytes(void) { return 0; }

int diffable_allocated_bytes_available(void) { return 0; }
#endif

long diffable_resident_bytes(void) {
  FILE *file = fopen("/proc/self/statm", "r");
  if (file == NULL) return 0;
  long size = 0, resident = 0;
  int read = fscanf(file, "%ld %ld", &size, &resident);
  fclose(file);
  return read == 2 ? resident * sysconf(_SC_PAGESIZE) : 0;
}
