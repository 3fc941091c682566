#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failure an executable reports in one sentence (no usage text): a port in use, a
/// corrupt data file.
public struct ServerFailure: Error, CustomStringConvertible {
  /// The sentence.
  public let description: String

  /// Wraps a sentence.
  public init(_ description: String) {
    self.description = description
  }
}

/// Prints a line and flushes it at once, so a log file or a parent process reading the
/// output sees it even when standard output is not a terminal.
public func printNow(_ line: String) {
  print(line)
  // fflush(nil) flushes every output stream without naming the shared `stdout` global,
  // which strict concurrency checking rejects.
  fflush(nil)
}
