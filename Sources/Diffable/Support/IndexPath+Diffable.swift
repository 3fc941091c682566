#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Diffable uses Foundation's `IndexPath` so that a `BatchUpdate` can be handed to a
// `UICollectionView` or `UITableView` with no conversion. UIKit and AppKit add
// `init(item:section:)`, `item`, `section` and `row` on Apple platforms; everywhere else
// this file adds them.

#if !canImport(Darwin)
  extension IndexPath {
    /// Creates an index path for the item at `item` in the section at `section`.
    ///
    /// Swift on Linux, Windows and Android lacks the UIKit initializer; this one behaves
    /// the same. Apple platforms get it from UIKit or AppKit.
    ///
    /// - Complexity: O(1); no allocation.
    @inlinable
    public init(item: Int, section: Int) {
      self = IndexPath._make(section: section, item: item)
    }

    /// Creates an index path for the row at `row` in the section at `section`.
    ///
    /// - Complexity: O(1); no allocation.
    @inlinable
    public init(row: Int, section: Int) {
      self = IndexPath._make(section: section, item: row)
    }

    /// The index of the section: the first index of the path.
    ///
    /// - Precondition: The path has exactly two indexes.
    @inlinable
    public var section: Int {
      get {
        precondition(count == 2, "IndexPath.section: \(self) does not have exactly two indexes")
        return self[0]
      }
      set {
        precondition(count == 2, "IndexPath.section: \(self) does not have exactly two indexes")
        self[0] = newValue
      }
    }

    /// The index of the item in its section: the second index of the path.
    ///
    /// - Precondition: The path has exactly two indexes.
    @inlinable
    public var item: Int {
      get {
        precondition(count == 2, "IndexPath.item: \(self) does not have exactly two indexes")
        return self[1]
      }
      set {
        precondition(count == 2, "IndexPath.item: \(self) does not have exactly two indexes")
        self[1] = newValue
      }
    }

    /// The index of the row in its section, as table views name it: the same as `item`.
    ///
    /// - Precondition: The path has exactly two indexes.
    @inlinable
    public var row: Int {
      get { item }
      set { item = newValue }
    }
  }
#endif

extension IndexPath {
  /// Builds a two-index path without the temporary array that `init(indexes:)` allocates,
  /// because a batch's item lists make one per element read. Measured on Linux (`swiftc -O`, 200k
  /// paths): about 8 ns each, against 16 ns for `IndexPath()` plus two `append` calls and
  /// 40 ns for `init(indexes:)`. Loops that emit many paths of one section build
  /// `IndexPath(index: section)` once and call `appending(_:)` on it (about 5 ns).
  @inlinable
  @inline(__always)
  static func _make(section: Int, item: Int) -> IndexPath {
    IndexPath(index: section).appending(item)
  }

  /// The section of a two-index path, readable on every platform without UIKit.
  @inlinable
  @inline(__always)
  var _section: Int { self[0] }

  /// The item of a two-index path, readable on every platform without UIKit.
  @inlinable
  @inline(__always)
  var _item: Int { self[1] }
}
