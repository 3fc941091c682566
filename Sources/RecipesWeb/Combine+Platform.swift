// The sample subscribes with Combine; on Linux, OpenCombine has the same API.
#if canImport(Combine)
  @_exported import Combine
#else
  @_exported import OpenCombine
  @_exported import OpenCombineFoundation
#endif
