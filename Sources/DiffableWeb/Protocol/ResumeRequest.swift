import Foundation

/// What a page says in its connection's address: which page it is, and which session it
/// resumes: `/ws?page=ID&resume=TOKEN&seen=VIEW:SEQ&…` (see `Docs/WebProtocol.md`,
/// "Sessions").
///
/// The address is network input like any message: ``decode(query:)`` reads it once,
/// bounded, and never traps.
public struct ResumeRequest: Hashable, Sendable {
  /// The token the page was given, when it resumes a session.
  public var token: String?
  /// For each view the page shows, the `seq` of the last structure or batch it applied.
  public var seen: [String: Int]
  /// The page's own random id, the same on every connection of one page load (never
  /// shared by a duplicated tab): it lets a page take its session back from a connection
  /// the server has not yet seen drop.
  public var page: String?

  /// The longest query read, in bytes.
  public static let maximumQueryLength = 8 << 10
  /// The most `seen` entries.
  public static let maximumViews = 64
  /// A token's length: 128 random bits as lowercase hexadecimal.
  public static let tokenLength = 32

  /// Creates a request.
  public init(token: String?, seen: [String: Int], page: String? = nil) {
    self.token = token
    self.seen = seen
    self.page = page
  }

  /// Reads the query of a connection's request target (what follows `?`, or `nil`).
  ///
  /// - Returns: `nil` when the page says nothing (no `resume` or `page` item), the request,
  ///   or a refusal (``WireSession/Refusal/malformed``) when the query is too long, the
  ///   token or the page id is not 32 lowercase hex digits, an item is repeated, or a
  ///   `seen` entry is not `VIEW:SEQ` with a
  ///   view name of at most ``ClientMessage/maximumNameLength`` bytes and a seq from 0 to
  ///   ``ClientMessage/maximumInteger``.
  /// - Complexity: O(*n*) in the query's length.
  public static func decode(query: Substring?) -> Result<ResumeRequest, WireSession.Refusal>? {
    guard let query, !query.isEmpty else { return nil }
    guard query.utf8.count <= maximumQueryLength else { return .failure(.malformed) }
    // Read by hand: URLComponents traps on some malformed escapes, and this is network input.
    var items: [(name: Substring, value: String?)] = []
    for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2 else {
        items.append((parts[0], nil))
        continue
      }
      guard let value = parts[1].removingPercentEncoding else { return .failure(.malformed) }
      items.append((parts[0], value))
    }
    let tokens = items.filter { $0.name == "resume" }
    let pages = items.filter { $0.name == "page" }
    guard !tokens.isEmpty || !pages.isEmpty else { return nil }
    guard tokens.count <= 1, pages.count <= 1 else { return .failure(.malformed) }
    var token: String?
    if let item = tokens.first {
      guard let value = item.value, isToken(value) else { return .failure(.malformed) }
      token = value
    }
    var page: String?
    if let item = pages.first {
      guard let value = item.value, isToken(value) else { return .failure(.malformed) }
      page = value
    }
    var seen: [String: Int] = [:]
    for item in items where item.name == "seen" {
      guard seen.count < maximumViews, let value = item.value,
        let colon = value.lastIndex(of: ":")
      else { return .failure(.malformed) }
      let name = value[..<colon]
      let digits = value[value.index(after: colon)...]
      // Digits only: `Int("+3")` and `Int("-0")` parse, and neither is a seq.
      guard !name.isEmpty, name.utf8.count <= ClientMessage.maximumNameLength,
        !digits.isEmpty, digits.utf8.count <= 10, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
        let seq = Int(digits), seq <= ClientMessage.maximumInteger,
        seen.updateValue(seq, forKey: String(name)) == nil
      else { return .failure(.malformed) }
    }
    return .success(ResumeRequest(token: token, seen: seen, page: page))
  }

  /// Whether `text` has a token's form: 32 lowercase hexadecimal digits.
  static func isToken(_ text: String) -> Bool {
    text.utf8.count == tokenLength
      && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
  }

  /// A new token: 128 bits from the system's secure generator.
  static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    let words = [generator.next() as UInt64, generator.next() as UInt64]
    return words.map { word in
      let hex = String(word, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }
}
