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
  ///
  /// Unlike `AnyHashable`, values of different types always differ, even integers of
  /// different widths that hold the same number.
  ///
  /// - Complexity: O(1) plus the wrapped type's `==`; allocates nothing (wrapping in
  ///   `AnyHashable` would allocate a box per call, and a list view compares and hashes
  ///   every identifier of each batch).
  public static func == (left: ListIdentifier, right: ListIdentifier) -> Bool {
    func equal<Left: Hashable>(_ left: Left) -> Bool {
      guard let right = right.base as? Left else { return false }
      return left == right
    }
    return type(of: left.base) == type(of: right.base) && equal(left.base)
  }

  /// Hashes the wrapped identifier, as its own type does; allocates nothing.
  public func hash(into hasher: inout Hasher) {
    base.hash(into: &hasher)
  }

  /// The wrapped identifier's description.
  public var description: String { String(describing: base) }
}
