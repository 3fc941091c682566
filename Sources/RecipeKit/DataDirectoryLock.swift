import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive lock on a data directory, held for as long as the object lives.
///
/// Two stores writing one `recipes.json` would each rename their own file over the other's
/// and lose changes both had confirmed. The lock is `flock` on the directory itself: it
/// needs no file of its own (so it works in a read-only directory), and the kernel drops
/// it when the process dies, so a crash never leaves a stale lock behind.
final class DataDirectoryLock: Sendable {
  private let descriptor: Int32

  /// Takes the lock, or throws ``RecipeStoreError/Reason/inUse(pid:)`` naming the holder.
  init(directory: URL) throws(RecipeStoreError) {
    let path = directory.path
    #if os(Windows)
      descriptor = -1
    #else
      let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw RecipeStoreError(
          .unreadable, path: path, detail: String(cString: strerror(errno)))
      }
      guard Self.lockWaitingBriefly(descriptor) else {
        let code = errno
        let holder = Self.holder(of: descriptor)
        close(descriptor)
        if code == EWOULDBLOCK {
          throw RecipeStoreError(.inUse(pid: holder), path: path, detail: "")
        }
        throw RecipeStoreError(
          .unreadable, path: path, detail: "can't lock it: \(String(cString: strerror(code)))")
      }
      self.descriptor = descriptor
    #endif
  }

  /// How long a held lock is waited for before the directory counts as in use.
  ///
  /// A lock can be held for an instant by no one's choice: while any process forks (a test
  /// runner's exit test, a server launching a helper), the child holds a copy of every
  /// descriptor until it execs and closes them, flock's lock included. So one release and
  /// the next open can meet a lock that is about to go away; another store really holding
  /// the directory still holds it after this wait.
  static let contendedWait: Duration = .seconds(2)

  /// Takes the lock, trying again every 10 ms for ``contendedWait`` while another holds it.
  /// On failure, `errno` says why.
  private static func lockWaitingBriefly(_ descriptor: Int32) -> Bool {
    #if os(Windows)
      return true
    #else
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: contendedWait)
      while true {
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
        let code = errno
        guard code == EWOULDBLOCK, clock.now < deadline else {
          errno = code
          return false
        }
        usleep(10_000)
      }
    #endif
  }

  deinit {
    #if !os(Windows)
      close(descriptor)
    #endif
  }

  /// At least two hex digits, as `/proc/locks` prints device numbers.
  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return digits.count < 2 ? "0" + digits : digits
  }

  /// The process holding a `flock` on the directory, from Linux's `/proc/locks`; `nil`
  /// elsewhere or when it can't be told.
  private static func holder(of descriptor: Int32) -> Int? {
    #if os(Linux)
      var status = stat()
      guard fstat(descriptor, &status) == 0,
        let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)
      else { return nil }
      // A line reads "1: FLOCK  ADVISORY  WRITE 4242 08:01:131074 0 EOF": the device's
      // major and minor numbers in hex, then the inode.
      let device = UInt64(status.st_dev)
      let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
      let minor = (device & 0xff) | ((device >> 12) & ~0xff)
      let file = "\(hex(major)):\(hex(minor)):\(status.st_ino)"
      for line in table.split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == file else { continue }
        return Int(fields[4])
      }
      return nil
    #else
      return nil
    #endif
  }
}

extension RecipeFile {
  /// Removes the temporary files that writes interrupted by a crash left in `directory`
  /// (`.recipes.json.<uuid>.tmp`); call it only while holding the directory's lock, when no
  /// write can be in progress.
  ///
  /// - Returns: How many were removed.
  @discardableResult
  static func removeStaleTemporaryFiles(in directory: URL) -> Int {
    let prefix = ".\(fileName)."
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    var removed = 0
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      if (try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))) != nil {
        removed += 1
      }
    }
    return removed
  }
}
