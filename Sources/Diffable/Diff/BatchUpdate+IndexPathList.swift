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
      precondition(
        indexPath.count == 2,
        "BatchUpdate.ItemPosition(_:): index path \(indexPath) does not have exactly two indexes")
      self.init(section: indexPath._section, item: indexPath._item)
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
    @inlinable
    public init(arrayLiteral elements: IndexPath...) {
      self.init(elements)
    }

    /// A list of the paths in `elements`.
    ///
    /// - Precondition: Every path has exactly two indexes.
    /// - Complexity: O(*n*).
    @inlinable
    public init<S: Sequence>(_ elements: S) where S.Element == IndexPath {
      _positions = elements.map(ItemPosition.init)
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
      set { _positions[index] = ItemPosition(newValue) }
    }

    /// Replaces the paths in `bounds` with `newElements`.
    ///
    /// - Precondition: Every new path has exactly two indexes.
    /// - Complexity: O(*n* + *k*), for *k* new paths.
    @inlinable
    public mutating func replaceSubrange<C: Collection>(
      _ bounds: Range<Int>, with newElements: C
    ) where C.Element == IndexPath {
      _positions.replaceSubrange(bounds, with: newElements.map(ItemPosition.init))
    }

    /// Makes room for `minimumCapacity` paths.
    @inlinable
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
      _positions.reserveCapacity(minimumCapacity)
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

    /// The storage's capacity, for the diff's reservations.
    @inlinable
    internal var _capacity: Int { _positions.capacity }

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
}
