/// A type-erased section or item identifier, as a list view sees it.
///
/// A view is not generic over the data source's identifier types, but it needs identity:
/// to check each batch against what it shows, and to label rows (the browser view writes
/// ``description`` into a `data-item-id` attribute).
public struct ListIdentifier: Hashable, CustomStringConvertible {
  /// The identifier itself.
  public let base: any Hashable
  /// The type the identifier was wrapped as (the data source's identifier type), which
  /// decides equality: a subclass instance wrapped as its superclass compares as one.
  @usableFromInline let wrappedType: any Hashable.Type

  /// Wraps an identifier.
  public init<Base: Hashable>(_ base: Base) {
    self.base = base
    self.wrappedType = Base.self
  }

  /// Whether two identifiers were wrapped as the same type and are equal under that type's
  /// `==`.
  ///
  /// Unlike `AnyHashable`, numbers of different types always differ (`1 as Int` and
  /// `1 as Int8`). Like it, instances of two subclasses wrapped as their common superclass
  /// compare with the superclass's `==`.
  ///
  /// - Complexity: O(1) plus the wrapped type's `==`; allocates nothing (wrapping in
  ///   `AnyHashable` would allocate a box per call, and a list view compares and hashes
  ///   every identifier of each batch).
  public static func == (left: ListIdentifier, right: ListIdentifier) -> Bool {
    guard ObjectIdentifier(left.wrappedType) == ObjectIdentifier(right.wrappedType) else {
      return false
    }
    func equal<Wrapped: Hashable>(_: Wrapped.Type) -> Bool {
      guard let leftValue = left.base as? Wrapped, let rightValue = right.base as? Wrapped
      else { return false }
      return leftValue == rightValue
    }
    return equal(left.wrappedType)
  }

  /// Hashes the wrapped identifier, as its own type does; allocates nothing.
  public func hash(into hasher: inout Hasher) {
    base.hash(into: &hasher)
  }

  /// The wrapped identifier's description.
  public var description: String { String(describing: base) }
}
