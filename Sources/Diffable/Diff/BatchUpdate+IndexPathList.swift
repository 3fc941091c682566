#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension BatchUpdate {
  /// An item's place in a list: its section's index and its index within that section, the
  /// two indexes of a two-index `IndexPath`, kept as two integers.
  ///
  /// A batch stores its item positions this way rather than as `IndexPath`s: Foundation's
  /// `IndexPath` is an enum that may hold an array, so making one is a call into Foundation
  /// and freeing an array of them visits every element. Measured on Linux (`swiftc -O`,
  /// 100,000 moves into a reserved array, then freed): 1.15 ms as `IndexPath` pairs, 0.12 ms
  /// as positions.
  public struct ItemPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The index of the section.
    public var section: Int
    /// The index of the item within its section.
    public var item: Int

    /// Creates the position of the item at `item` in the section at `section`.
    @inlinable
    @inline(__always)
    public init(section: Int, item: Int) {
      self.section = section
      self.item = item
    }

    /// Creates the position a two-index path names.
    ///
    /// - Precondition: `indexPath` has exactly two indexes.
    @inlinable
    public init(_ indexPath: IndexPath) {
      self = Self._checked(indexPath, "BatchUpdate.ItemPosition(_:)")
    }

    /// The position `indexPath` names; stops, naming `method` and the path, if it does not
    /// have exactly two indexes. `what` says which argument or element held it, if any.
    @inlinable
    internal static func _checked(
      _ indexPath: IndexPath, _ method: StaticString, _ what: @autoclosure () -> String = ""
    ) -> Self {
      guard indexPath.count == 2 else {
        let holder = what()
        preconditionFailure(
          "\(method): \(holder.isEmpty ? "" : holder + " is ")index path \(indexPath), which "
            + "does not have exactly two indexes")
      }
      return Self(section: indexPath._section, item: indexPath._item)
    }

    /// The same position as a two-index `IndexPath`.
    ///
    /// - Complexity: O(1); no allocation.
    @inlinable
    public var indexPath: IndexPath { IndexPath._make(section: section, item: item) }

    /// Orders positions by section, then by item: the order of `IndexPath`.
    @inlinable
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
    }

    /// `section-item`, as ``BatchUpdate/description`` writes positions.
    public var description: String { "\(section)-\(item)" }
  }

  /// The index paths of one kind of item change in a batch: a random-access collection of
  /// two-index `IndexPath`s, stored as ``ItemPosition``s.
  ///
  /// It reads like `[IndexPath]` (iterate it, subscript it, count it, compare it with an
  /// array literal, or make an array with `Array(_:)`), and an `IndexPath` is made only for
  /// the elements read. Code that wants the two integers without an `IndexPath` reads
  /// ``positions``.
  ///
  /// Every element has exactly two indexes: storing a path with any other count stops with
  /// a message that names it.
  public struct IndexPathList: Sendable, Hashable, RandomAccessCollection, MutableCollection,
    RangeReplaceableCollection, ExpressibleByArrayLiteral, CustomStringConvertible,
    CustomDebugStringConvertible
  {
    /// The positions, in order.
    @usableFromInline internal var _positions: [ItemPosition]

    /// The positions, in order: the same elements as the collection, without making an
    /// `IndexPath` for each.
    ///
    /// - Complexity: O(1); the storage is shared, not copied.
    @inlinable
    public var positions: [ItemPosition] { _positions }

    /// An empty list.
    @inlinable
    public init() { _positions = [] }

    /// A list of `positions`, sharing their storage.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init(positions: [ItemPosition]) { _positions = positions }

    /// A list of the paths in `elements`.
    ///
    /// - Precondition: Every path has exactly two indexes.
    /// - Complexity: O(*n*).
    @inlinable
    public init(arrayLiteral elements: IndexPath...) {
      self.init(_checking: elements, "BatchUpdate.IndexPathList.init(arrayLiteral:)")
    }

    /// A list of the paths in `elements`.
    ///
    /// - Precondition: Every path has exactly two indexes.
    /// - Complexity: O(*n*).
    @inlinable
    public init<S: Sequence>(_ elements: S) where S.Element == IndexPath {
      self.init(_checking: elements, "BatchUpdate.IndexPathList.init(_:)")
    }

    /// A list of the paths in `elements`, naming `method` and the element's offset if one
    /// does not have exactly two indexes.
    @inlinable
    internal init<S: Sequence>(
      _checking elements: S, _ method: StaticString, argument: String = "element"
    ) where S.Element == IndexPath {
      _positions = []
      _positions.reserveCapacity(elements.underestimatedCount)
      for (offset, path) in elements.enumerated() {
        _positions.append(ItemPosition._checked(path, method, "\(argument)[\(offset)]"))
      }
    }

    /// The position of the first element: 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// One past the position of the last element: the number of elements.
    @inlinable
    public var endIndex: Int { _positions.count }

    /// The number of index paths.
    ///
    /// - Complexity: O(1)
    @inlinable
    public var count: Int { _positions.count }

    /// Whether the list is empty.
    ///
    /// - Complexity: O(1)
    @inlinable
    public var isEmpty: Bool { _positions.isEmpty }

    /// The index path at `index`, made on each read.
    ///
    /// - Precondition: `index` is in bounds; a stored path has exactly two indexes.
    /// - Complexity: O(1); no allocation.
    @inlinable
    public subscript(index: Int) -> IndexPath {
      get { _positions[index].indexPath }
      set {
        _positions[index] = ItemPosition._checked(
          newValue, "BatchUpdate.IndexPathList.subscript(_:)")
      }
    }

    /// Replaces the paths in `bounds` with `newElements`.
    ///
    /// - Precondition: Every new path has exactly two indexes.
    /// - Complexity: O(*n* + *k*), for *k* new paths.
    @inlinable
    public mutating func replaceSubrange<C: Collection>(
      _ bounds: Range<Int>, with newElements: C
    ) where C.Element == IndexPath {
      _positions.replaceSubrange(
        bounds,
        with: newElements.lazy.map {
          ItemPosition._checked($0, "BatchUpdate.IndexPathList.replaceSubrange(_:with:)")
        })
    }

    /// Makes room for `minimumCapacity` paths.
    ///
    /// - Complexity: O(*n*) when the storage grows.
    @inlinable
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
      _positions.reserveCapacity(minimumCapacity)
    }

    /// Appends `indexPath`.
    ///
    /// - Precondition: `indexPath` has exactly two indexes.
    /// - Complexity: O(1) amortized.
    @inlinable
    public mutating func append(_ indexPath: IndexPath) {
      _positions.append(ItemPosition._checked(indexPath, "BatchUpdate.IndexPathList.append(_:)"))
    }

    /// Appends the paths in `newElements`, growing the storage geometrically.
    ///
    /// - Precondition: Every path has exactly two indexes.
    /// - Complexity: O(*k*) amortized, for *k* new paths.
    @inlinable
    public mutating func append<S: Sequence>(contentsOf newElements: S)
    where S.Element == IndexPath {
      _positions.append(
        contentsOf: newElements.lazy.map {
          ItemPosition._checked($0, "BatchUpdate.IndexPathList.append(contentsOf:)")
        })
    }

    /// Inserts `indexPath` at `index`.
    ///
    /// - Precondition: `indexPath` has exactly two indexes; `index` is in `0...count`.
    /// - Complexity: O(*n*)
    @inlinable
    public mutating func insert(_ indexPath: IndexPath, at index: Int) {
      _positions.insert(
        ItemPosition._checked(indexPath, "BatchUpdate.IndexPathList.insert(_:at:)"), at: index)
    }

    /// Removes and returns the path at `index`.
    ///
    /// - Complexity: O(*n*)
    @inlinable
    @discardableResult
    public mutating func remove(at index: Int) -> IndexPath {
      _positions.remove(at: index).indexPath
    }

    /// Removes the paths in `bounds`.
    ///
    /// - Complexity: O(*n*)
    @inlinable
    public mutating func removeSubrange(_ bounds: Range<Int>) {
      _positions.removeSubrange(bounds)
    }

    /// Removes every path, keeping the storage if `keepCapacity`.
    ///
    /// - Complexity: O(*n*)
    @inlinable
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
      _positions.removeAll(keepingCapacity: keepCapacity)
    }

    /// Sorts the paths in place, in `IndexPath`'s order (by section, then item), without
    /// making an `IndexPath` per comparison.
    ///
    /// - Complexity: O(*n* log *n*)
    @inlinable
    public mutating func sort() {
      _positions.sort()
    }

    /// Appends the path of the item at `item` in the section at `section`, making no
    /// `IndexPath`.
    ///
    /// - Complexity: O(1) amortized.
    @inlinable
    @inline(__always)
    public mutating func append(section: Int, item: Int) {
      _positions.append(ItemPosition(section: section, item: item))
    }

    /// The paths in order, as an array prints them: `[[0, 1], [2, 0]]`.
    public var description: String {
      "[" + _positions.map { "[\($0.section), \($0.item)]" }.joined(separator: ", ") + "]"
    }

    /// The same text as ``description``.
    public var debugDescription: String { description }
  }
}

extension BatchUpdate.IndexPathList {
  /// Whether `lhs` holds the paths of `rhs`, in the same order.
  ///
  /// - Complexity: O(*n*)
  @inlinable
  public static func == (lhs: Self, rhs: [IndexPath]) -> Bool {
    lhs.elementsEqual(rhs)
  }

  /// Whether `lhs` holds the paths of `rhs`, in the same order.
  ///
  /// - Complexity: O(*n*)
  @inlinable
  public static func == (lhs: [IndexPath], rhs: Self) -> Bool {
    rhs.elementsEqual(lhs)
  }

  /// Whether `lhs` and `rhs` differ in any path or in order.
  ///
  /// - Complexity: O(*n*)
  @inlinable
  public static func != (lhs: Self, rhs: [IndexPath]) -> Bool {
    !(lhs == rhs)
  }

  /// Whether `lhs` and `rhs` differ in any path or in order.
  ///
  /// - Complexity: O(*n*)
  @inlinable
  public static func != (lhs: [IndexPath], rhs: Self) -> Bool {
    !(lhs == rhs)
  }
}
