#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where Diffable reports tolerated misuse: the cases Apple logs instead of raising, such as
/// appending an item that already exists elsewhere in a snapshot (it is moved into place).
///
/// By default a warning goes to standard error. Route it to your logger, or collect it in a
/// test, by binding the task-local handler for the duration of some work:
///
///     DiffableDiagnostics.$warningHandler.withValue({ logger.warning("\($0)") }) {
///       snapshot.appendItems(items)
///     }
public enum DiffableDiagnostics {
  /// Receives each warning's text. A task-local value, so concurrent work (and parallel
  /// tests) each see their own handler.
  @TaskLocal
  public static var warningHandler: @Sendable (String) -> Void = { message in
    _writeToStandardError("swift-diffable warning: \(message)\n")
  }

  /// Reports a warning through the current handler.
  @usableFromInline
  internal static func warn(_ message: String) {
    warningHandler(message)
  }
}

private func _writeToStandardError(_ text: String) {
  // File descriptor 2 is standard error everywhere; writing to it touches no shared
  // mutable C global (unlike `stderr`), which strict concurrency checking rejects.
  #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        write(2, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written <= 0 { break }
      offset += written
    }
  #else
    print(text, terminator: "")
  #endif
}
