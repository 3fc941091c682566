/// Contiguous copies of the elements of several arrays, made without retaining them: the
/// storage of a snapshot built by appending many sections of heap items such as strings.
///
/// Copying an array's elements into one storage retains each of them, and the storage
/// releases each when it goes. For 100 sections of 100 `String`s that pair was a third of
/// building the snapshot, while a snapshot of one section shares the caller's array and
/// touches no reference count (README, Performance, 2026-11-30). Here each appended array is
/// kept, one reference for the whole array, and its elements' bytes are copied: every copy
/// borrows the reference that the kept array holds. The copies are never destroyed, only
/// their memory is freed; the kept arrays release the elements.
///
/// Only for types that may be moved by copying their bytes (`_isBitwiseTakable`). What makes
/// a copy valid is that some kept array still holds that element; where the array keeps it
/// does not matter. The kept arrays are `ContiguousArray`s: an `Array` bridged from
/// Objective-C is converted once (a copy), where reading it could instead hand out a
/// temporary buffer whose elements no one keeps.
///
/// Appends of fewer than `minimumKept` elements are retained into `tail` instead of kept
/// whole: an app that appends one item at a time would otherwise keep one small array (and
/// its heap block) per item.
///
/// Mutated only while uniquely referenced (`_IndexedArray` copies it first otherwise), like
/// an array's own storage; threads that share it only read it.
@usableFromInline
internal final class _BorrowedElements<Element> {
  /// The arrays whose elements are copied here; they keep those elements alive.
  @usableFromInline internal var owners: [ContiguousArray<Element>]
  /// The elements of small appends, retained (see above); they are copied here too.
  @usableFromInline internal var tail: ContiguousArray<Element>
  /// The copies, `count` of them, in room for `capacity`.
  @usableFromInline internal let base: UnsafeMutablePointer<Element>
  /// The number of elements. Not checked for exclusive access at run time: it is written
  /// only while the object is uniquely referenced, and read on every element access.
  @exclusivity(unchecked) @usableFromInline internal var count: Int
  /// How many elements fit.
  @usableFromInline internal let capacity: Int

  /// An empty storage with room for `capacity` elements.
  @inlinable
  internal init(capacity: Int) {
    self.capacity = Swift.max(capacity, 1)
    base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    count = 0
    owners = []
    tail = []
  }

  /// The smallest append whose array is kept whole.
  @inlinable
  internal static var minimumKept: Int { 16 }

  deinit {
    // Not deinitialized: the copies borrow the owners' references.
    base.deallocate()
  }

  /// The elements, valid while this object lives and is not mutated.
  @inlinable
  internal var buffer: UnsafeBufferPointer<Element> {
    UnsafeBufferPointer(start: base, count: count)
  }

  /// Appends the elements of `array` by copying their bytes, and keeps `array` (or, when it
  /// is small, its elements: see above).
  ///
  /// - Complexity: O(*k*) for *k* elements, with no retain of any of them from
  ///   `minimumKept` up.
  @inlinable
  internal func append(_ array: ContiguousArray<Element>) {
    precondition(count &+ array.count <= capacity, "_BorrowedElements.append: over capacity")
    array.withUnsafeBufferPointer { source in
      guard let start = source.baseAddress else { return }
      UnsafeMutableRawPointer(base + count).copyMemory(
        from: start, byteCount: source.count &* MemoryLayout<Element>.stride)
    }
    count &+= array.count
    if array.count >= Self.minimumKept {
      owners.append(array)
    } else {
      tail.append(contentsOf: array)
    }
  }

  /// A storage with the same elements, borrowed from the same owners, and room for
  /// `capacity` (at least `count`).
  ///
  /// - Complexity: O(*n*), with no retain of any element (one for each kept array).
  @inlinable
  internal func copy(capacity: Int) -> _BorrowedElements {
    let copy = _BorrowedElements(capacity: Swift.max(capacity, count))
    UnsafeMutableRawPointer(copy.base).copyMemory(
      from: base, byteCount: count &* MemoryLayout<Element>.stride)
    copy.count = count
    copy.owners = owners
    copy.tail = tail
    return copy
  }
}

// Mutated only while uniquely referenced, so a shared one is only read (see above).
extension _BorrowedElements: @unchecked Sendable where Element: Sendable {}
