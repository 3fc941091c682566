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

/// The contents of `recipes.json`, and the code that reads and writes it.
///
/// The file is a JSON object, pretty-printed with sorted keys so that it diffs well:
///
/// ```json
/// {
///   "nextId" : 33,
///   "recipes" : [ { "addedOn" : "2025-03-01T18:30:00Z", "id" : 1, ... } ],
///   "version" : 1
/// }
/// ```
///
/// `recipes` is in the user's order; `addedOn` is ISO 8601 in UTC, to the second;
/// `nextId` is the id the next added recipe gets, kept so that ids are never reused.
public struct RecipeFile: Codable, Sendable, Equatable {
  /// The format version this build writes and the newest one it reads.
  public static let currentVersion = 1
  /// The file name inside the data directory.
  public static let fileName = "recipes.json"

  /// The format version of the file.
  public var version: Int
  /// The id the next added recipe gets; always above every id in ``recipes``.
  public var nextId: Int
  /// The recipes, in the user's order.
  public var recipes: [Recipe]

  /// Creates a file's contents; `nextId` is raised above the recipes' ids if needed.
  public init(recipes: [Recipe], nextId: Int? = nil) {
    self.version = RecipeFile.currentVersion
    self.recipes = recipes
    self.nextId = RecipeList(recipes: recipes, nextId: nextId).nextId
  }
}

// MARK: - Encoding

extension RecipeFile {
  /// The file's bytes as ``write(to:)`` stores them.
  public func encoded() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    // Every member is a plain value that JSON can represent, so this can't fail.
    return try! encoder.encode(self)
  }

  /// Decodes and checks a file's bytes; `path` only names the file in errors.
  public static func decode(_ data: Data, path: String) throws(RecipeStoreError) -> RecipeFile {
    guard !data.isEmpty else {
      throw RecipeStoreError(.corrupt, path: path, detail: "the file is empty")
    }
    // The version is read on its own first so that a newer file is reported as newer,
    // not as a decoding failure of some field this build doesn't know.
    struct Header: Decodable { var version: Int }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let file: RecipeFile
    do {
      let header = try decoder.decode(Header.self, from: data)
      guard header.version <= currentVersion, header.version >= 1 else {
        throw RecipeStoreError(.unsupportedVersion(header.version), path: path, detail: "")
      }
      file = try decoder.decode(RecipeFile.self, from: data)
    } catch let error as RecipeStoreError {
      throw error
    } catch let error as DecodingError {
      throw RecipeStoreError(.corrupt, path: path, detail: describe(error))
    } catch {
      throw RecipeStoreError(.corrupt, path: path, detail: "\(error)")
    }
    // The data sources need unique identifiers, so a repeated id is damage, not data.
    var seen = Set<Int>()
    for (index, recipe) in file.recipes.enumerated() where !seen.insert(recipe.id).inserted {
      throw RecipeStoreError(
        .corrupt, path: path, detail: "recipes[\(index)] repeats the id \(recipe.id)")
    }
    try checkRanges(of: file, path: path)
    // The file keeps dates to the second; a hand-edited fraction is dropped here, so what
    // loads is what the next save writes.
    var recipes = file.recipes
    for index in recipes.indices {
      recipes[index].addedOn = recipes[index].addedOn.map {
        Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down))
      }
    }
    return RecipeFile(recipes: recipes, nextId: file.nextId)
  }

  /// Refuses numbers the app could not use: an id or time that would overflow later
  /// arithmetic (`nextId + 1`, adding times) is damage, named by recipe and field. The
  /// bounds are wider than what a form accepts, so files of earlier builds still load.
  private static func checkRanges(of file: RecipeFile, path: String) throws(RecipeStoreError) {
    func refuse(_ detail: String) -> RecipeStoreError {
      RecipeStoreError(.corrupt, path: path, detail: detail)
    }
    let ids = 1...Recipe.maximumID
    let times = 0...Recipe.maximumStoredTime
    for (index, recipe) in file.recipes.enumerated() {
      let name = "recipes[\(index)] (id \(recipe.id), \"\(recipe.title.prefix(40))\")"
      guard ids.contains(recipe.id) else {
        throw refuse("\(name): id \(recipe.id) is out of range (1 to \(Recipe.maximumID))")
      }
      for (field, value) in [("prepTime", recipe.prepTime), ("cookTime", recipe.cookTime)]
      where !times.contains(value) {
        throw refuse(
          "\(name): \(field) \(value) is out of range (0 to \(Recipe.maximumStoredTime) seconds)"
        )
      }
    }
    guard (1...Recipe.maximumID + 1).contains(file.nextId) else {
      throw refuse("nextId \(file.nextId) is out of range (1 to \(Recipe.maximumID + 1))")
    }
  }

  private static func describe(_ error: DecodingError) -> String {
    func place(_ path: [any CodingKey]) -> String {
      guard !path.isEmpty else { return "the top level" }
      var text = ""
      for key in path {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
      return text
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "\"\(key.stringValue)\" is missing at \(place(context.codingPath))"
    case .typeMismatch(let type, let context):
      return "\(place(context.codingPath)) is not a valid \(type)"
    case .valueNotFound(let type, let context):
      return "\(place(context.codingPath)) is null where a \(type) is expected"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        let cause = context.underlyingError.map { " (\($0))" } ?? ""
        return "it is not valid JSON\(cause)"
      }
      return "\(place(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }
}

// MARK: - Disk

extension RecipeFile {
  /// Reads the file at `url`, or returns `nil` if nothing is there.
  ///
  /// Anything at the path, even a dangling link or a directory, counts as a file: it is
  /// either read or reported, never treated as absent, so a caller that seeds on `nil`
  /// can't overwrite it.
  public static func read(from url: URL) throws(RecipeStoreError) -> RecipeFile? {
    let path = url.path
    let data: Data
    switch FileIO.readBytes(path) {
    case .absent: return nil
    case .failed(let detail): throw RecipeStoreError(.unreadable, path: path, detail: detail)
    case .read(let bytes): data = bytes
    }
    return try decode(data, path: path)
  }

  /// Replaces the file at `url` atomically.
  ///
  /// The bytes go to a new temporary file in the same directory, which is flushed to disk
  /// (`fsync`) and then renamed over `url`, and the directory is flushed so the rename
  /// itself lasts. A reader, or a crash at any point, sees either the old file whole or the
  /// new one whole; a failed write removes its temporary file.
  public func write(to url: URL) throws(RecipeStoreError) {
    if let detail = FileIO.replaceAtomically(url, with: encoded()) {
      throw RecipeStoreError(.cannotSave, path: url.path, detail: detail)
    }
  }
}

/// Failures a test can make the file system calls report.
enum FileFaults {
  /// Replaces the `fsync` of the data directory after a rename, for the task.
  @TaskLocal static var directorySync: (@Sendable (Int32) -> Int32)?
}

/// The file system calls behind ``RecipeFile/read(from:)`` and ``RecipeFile/write(to:)``.
///
/// POSIX calls rather than Foundation's, for `fsync`, `O_EXCL` and messages that say
/// plainly what failed ("Permission denied", "Is a directory").
private enum FileIO {
  enum ReadResult {
    case absent
    case failed(String)
    case read(Data)
  }

  #if os(Windows)
    static func readBytes(_ path: String) -> ReadResult {
      guard FileManager.default.fileExists(atPath: path) else { return .absent }
      do {
        return .read(try Data(contentsOf: URL(fileURLWithPath: path)))
      } catch {
        return .failed(error.localizedDescription)
      }
    }

    static func replaceAtomically(_ url: URL, with data: Data) -> String? {
      // Foundation's atomic write is the temporary-file-and-replace dance on Windows.
      do {
        try data.write(to: url, options: .atomic)
        return nil
      } catch {
        return error.localizedDescription
      }
    }
  #else
    private static func errorText(_ code: Int32) -> String {
      String(cString: strerror(code))
    }

    static func readBytes(_ path: String) -> ReadResult {
      var status = stat()
      // lstat, not stat: a link to nowhere is something the user put there, not a
      // missing file to seed over.
      if lstat(path, &status) != 0 {
        return errno == ENOENT ? .absent : .failed(errorText(errno))
      }
      if status.st_mode & S_IFMT == S_IFDIR {
        return .failed("it is a directory, not a file")
      }
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return .failed(errorText(errno)) }
      defer { close(descriptor) }
      var data = Data()
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count == 0 { return .read(data) }
        if count < 0 {
          if errno == EINTR { continue }
          return .failed(errorText(errno))
        }
        data.append(contentsOf: buffer[0..<count])
      }
    }

    static func replaceAtomically(_ url: URL, with data: Data) -> String? {
      let directory = url.deletingLastPathComponent().path
      // A dot name keeps the temporary file out of casual listings; the UUID keeps two
      // writers from ever sharing one.
      let temporary = url.deletingLastPathComponent()
        .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else { return errorText(errno) }
      var renamed = false
      var isOpen = true
      defer {
        if isOpen { close(descriptor) }
        if !renamed { unlink(temporary) }
      }
      let failure: String? = data.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
          if count < 0 {
            if errno == EINTR { continue }
            return errorText(errno)
          }
          offset += count
        }
        return nil
      }
      if let failure { return failure }
      if fsync(descriptor) != 0 { return errorText(errno) }
      isOpen = false
      if close(descriptor) != 0 { return errorText(errno) }
      if rename(temporary, url.path) != 0 { return errorText(errno) }
      renamed = true
      // The rename survives a power cut once the directory is synced. A file system that
      // can't sync a directory says so (EINVAL, EOPNOTSUPP): nothing more can be done, and
      // the file is in place. Any other failure (EIO) leaves the rename's fate unknown, and
      // was ignored, so "saved" could be answered for a change a crash then lost: the
      // change is refused now (and `FileRecipeStorage` writes the old contents back).
      let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard directoryDescriptor >= 0 else { return nil }
      defer { close(directoryDescriptor) }
      let sync = FileFaults.directorySync ?? { fsync($0) }
      if sync(directoryDescriptor) != 0 {
        let code = errno
        if code != EINVAL && code != EOPNOTSUPP {
          return "the folder was not synced after the rename (\(errorText(code)))"
        }
      }
      return nil
    }
  #endif
}
