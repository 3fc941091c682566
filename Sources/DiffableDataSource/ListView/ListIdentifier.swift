/// A type-erased section or item identifier, as a list view sees it.
///
/// A view is not generic over the data source's identifier types, but it needs identity:
/// to check each batch against what it shows, and to label rows (the browser view writes
/// ``description`` into a `data-item-id` attribute).
public struct ListIdentifier: Hashable, Sendable, CustomStringConvertible {
  /// The identifier itself.
  public let base: any Hashable & Sendable

  /// Wraps an identifier.
  public init(_ base: some Hashable & Sendable) {
    self.base = base
  }

  /// Whether two identifiers are the same value of the same type.
  public static func == (left: ListIdentifier, right: ListIdentifier) -> Bool {
    AnyHashable(left.base) == AnyHashable(right.base)
  }

  /// Hashes the wrapped identifier.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(AnyHashable(base))
  }

  /// The wrapped identifier's description.
  public var description: String { String(describing: base) }
}
