/// An array of unique elements with a hash index from element to offset: the item storage
/// of ``DiffableDataSourceSnapshot``.
///
/// It plays the part of swift-collections' `OrderedSet`, which the snapshot used first and
/// still uses for sections and marks. The snapshot's items get their own index because
/// the diff looks up every new item in the old snapshot, and `OrderedSet`'s index (offsets
/// only, packed in as few bits as possible, filled to three quarters) made those lookups
/// the largest part of a diff: each probe of a bucket compares the element it names, so a
/// lookup that misses compares several elements, and each comparison is a cache miss (a
/// heap read for strings). Here each bucket also keeps the upper 32 bits of the element's
/// hash, and the table is at most half full, so a lookup compares elements only when those
/// bits match, and a miss usually reads one bucket and no element.
///
/// Keeping the hash bits has a second use: a bucket's home can be recomputed from the bucket
/// alone, so growing the table, removing elements and moving them re-index without hashing
/// any element.
///
/// Layout: `table` has 2^`scale` buckets. A bucket is 0 when empty, or holds the upper 32
/// bits of the element's hash in its high half and the element's offset plus one in its
/// low half. An element's home bucket is the top `scale` bits of those 32 hash bits;
/// collisions probe linearly.
@usableFromInline
internal struct _IndexedArray<Element: Hashable> {
  /// The elements, in order, unless `_borrowed` holds them; while they are here, shared, not
  /// copied, by ``DiffableDataSourceSnapshot/itemIdentifiers``.
  @usableFromInline internal var _owned: [Element]
  /// The elements instead, when a snapshot was built by appending sections of heap items
  /// (`IndexedArray+BorrowedStorage.swift`); `nil` otherwise.
  @usableFromInline internal var _borrowed: _BorrowedElements<Element>?
  /// The buckets; empty when `elements` is.
  @usableFromInline internal var table: [UInt64]
  /// log2 of `table.count`, or 0 when there is no table.
  @usableFromInline internal var scale: Int

  /// The smallest table: 16 buckets.
  @usableFromInline internal static var minimumScale: Int { 4 }
  /// The largest table: 2^32 buckets, for up to 2^31 elements, so that an offset plus one
  /// fits in a bucket's low 32 bits (less where `Int` has 32 bits).
  @usableFromInline internal static var maximumScale: Int { Swift.min(32, Int.bitWidth &- 2) }

  /// An empty array, with no table.
  @inlinable
  internal init() {
    _owned = []
    _borrowed = nil
    table = []
    scale = 0
  }

  /// Indexes `elements`, which the caller guarantees to be unique, sharing their storage.
  @inlinable
  internal init(uncheckedUniqueElements elements: [Element]) {
    self.init(elements, checkingDuplicates: false)!
  }

  /// Indexes `elements`, sharing their storage, or returns `nil` if they repeat an element.
  ///
  /// - Complexity: O(*n*) expected, one hash per element.
  @inlinable
  internal init?(checkingUniqueElements elements: [Element]) {
    self.init(elements, checkingDuplicates: true)
  }

  /// Builds the table in one pass, hashing a block of elements at a time; with
  /// `checkingDuplicates`, compares each element with those already indexed whose hash bits
  /// match it, and fails on an equal one.
  @inlinable
  internal init?(_ elements: [Element], checkingDuplicates: Bool) {
    _owned = elements
    _borrowed = nil
    scale = Self._scale(forCount: elements.count)
    table = []
    guard scale > 0 else { return }
    table = Array(repeating: 0, count: 1 &<< scale)
    let scale = self.scale
    let unique = table.withUnsafeMutableBufferPointer { buckets in
      elements.withUnsafeBufferPointer { elements in
        let mask = buckets.count &- 1
        return Self._withHashBlocks(of: elements) { offset, hash in
          var bucket = Self._home(ofHash: hash, scale: scale)
          while true {
            let entry = buckets[bucket]
            if entry == 0 { break }
            if checkingDuplicates && entry >> 32 == hash
              && elements[Self._offset(ofEntry: entry)] == elements[offset]
            {
              return false
            }
            bucket = (bucket &+ 1) & mask
          }
          buckets[bucket] = Self._entry(hash: hash, offset: offset)
          return true
        }
      }
    }
    if !unique { return nil }
  }

  /// How many elements are hashed before any of them is probed (`_withHashBlocks`,
  /// `_lookUp(unknownOf:in:into:)`): their hashes (512 bytes) stay on the stack.
  @inlinable
  internal static var _hashBlockSize: Int { 64 }

  /// Calls `place` with each offset of `elements` and its hash bits, in order, until it
  /// returns `false`; returns whether it never did.
  ///
  /// The hashes of a block of elements are computed before any of them is placed. Placing
  /// one reads a random bucket, which misses the cache in a large table. One element at a
  /// time, each read was issued only after a whole hash computation, so few were in flight
  /// at once, and a mispredicted branch on the bucket threw away the hashing after it. A
  /// placement alone is a few instructions, so a block of them keeps many reads in flight.
  /// (Profiled on building 10,000 `Int`s: 78% of the loop's samples sat on the bucket
  /// read. With blocks, the loop takes about a fifth less time at 100,000 items and under
  /// half the time at 1,000,000, measured in one process against the loop without them:
  /// `Benchmarks/Experiments/hash_blocks_loop.swift`.)
  ///
  /// On a `false`, up to a block of elements after it has been hashed for nothing.
  @inlinable
  @inline(__always)
  internal static func _withHashBlocks(
    of elements: UnsafeBufferPointer<Element>, _ place: (Int, UInt64) -> Bool
  ) -> Bool {
    let blockSize = _hashBlockSize
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: blockSize) { hashes in
      var start = 0
      while start < elements.count {
        let end = Swift.min(start &+ blockSize, elements.count)
        // Read without a copy (`_hashBits(at:of:)`, IndexedArray+Borrowing.swift): a copy
        // retains and releases a heap item such as a long string around its hash. Borrowing
        // it through an `inout` access avoided that too, but an `inout` is a modification in
        // Swift's rules, and threads that hash one shared snapshot then raced
        // (ThreadSanitizer; `BatchUpdateConcurrencyTests.
        // heapItemsInSharedArraysBuiltAndDiffedOnSeveralThreads`).
        for offset in start..<end { hashes[offset &- start] = _hashBits(at: offset, of: elements) }
        for offset in start..<end {
          if !place(offset, hashes[offset &- start]) { return false }
        }
        start = end
      }
      return true
    }
  }

  // MARK: Reading

  /// The number of elements.
  @inlinable
  internal var count: Int {
    Self._borrowsThroughSlot ? _borrowed?.count ?? _owned.count : _owned.count
  }

  /// The valid offsets.
  @inlinable
  internal var indices: Range<Int> { 0..<count }

  /// The element at `offset`.
  ///
  /// Read from the storage directly, not through `_withElements`: through it, a caller in
  /// another module that runs unspecialized (a data source generic over its identifiers,
  /// asking for the item of each cell) looked up the generic metadata of the buffer and its
  /// closure on every read, 3.8% of the samples of a data source applying a 1% change of
  /// 10,000 items onto a `RecordingListView`.
  ///
  /// - Precondition: `offset` is in `indices`.
  /// - Complexity: O(1).
  @inlinable
  internal subscript(offset: Int) -> Element {
    if Self._borrowsThroughSlot, let borrowed = _borrowed {
      precondition(
        UInt(bitPattern: offset) < UInt(bitPattern: borrowed.count),
        "_IndexedArray[\(offset)]: offset out of range 0..<\(borrowed.count)")
      return borrowed.buffer[offset]
    }
    return _owned[offset]
  }

  /// The offset of `element`, or `nil`.
  ///
  /// - Complexity: O(1) expected: one hash, and element comparisons only for buckets whose
  ///   stored hash bits match.
  @inlinable
  internal func firstIndex(of element: Element) -> Int? {
    _find(element).offset
  }

  /// Whether `element` is present.
  ///
  /// - Complexity: O(1) expected, one hash.
  @inlinable
  internal func contains(_ element: Element) -> Bool {
    _find(element).offset != nil
  }

  /// The offset of `element` if present, and otherwise the empty bucket where it belongs
  /// (-1 when there is no table), with its hash bits.
  @inlinable
  @inline(__always)
  internal func _find(_ element: Element) -> (offset: Int?, bucket: Int, hash: UInt64) {
    let hash = Self._hashBits(element)
    guard scale > 0 else { return (nil, -1, hash) }
    return table.withUnsafeBufferPointer { buckets in
      _withElements { elements in
        let mask = buckets.count &- 1
        var bucket = Self._home(ofHash: hash, scale: scale)
        while true {
          let entry = buckets[bucket]
          if entry == 0 { return (nil, bucket, hash) }
          if entry >> 32 == hash {
            let offset = Self._offset(ofEntry: entry)
            if elements[offset] == element { return (offset, bucket, hash) }
          }
          bucket = (bucket &+ 1) & mask
        }
      }
    }
  }

  // MARK: Appending

  /// Appends `element` unless it is present.
  ///
  /// - Returns: Whether it was appended, and its offset (the existing one if not).
  /// - Complexity: O(1) amortized expected, one hash.
  @inlinable
  @discardableResult
  internal mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    var found = _find(element)
    if let offset = found.offset { return (false, offset) }
    let offset = count
    if offset &+ 1 > Self._capacity(forScale: scale) {
      _rebuildTable(scale: Self._scale(forCount: Swift.max(offset &+ 1, offset &* 2)))
      found.bucket = _emptyBucket(forHash: found.hash)
    }
    elements.append(element)
    table[found.bucket] = Self._entry(hash: found.hash, offset: offset)
    return (true, offset)
  }

  /// Appends `newElements` in one pass if none is present and none repeats; otherwise
  /// changes nothing and returns `false`.
  ///
  /// The bulk form of ``append(_:)`` for a snapshot's appends: the table grows
  /// (geometrically) once up front, the new elements are hashed (a block at a time, see
  /// `_withHashBlocks`) and probed straight into the buckets, and then all are copied into
  /// storage at once. Indexing before copying matters for elements that live on the heap,
  /// such as strings: hashing reads each one's storage, and the copy, which retains each,
  /// then finds it in cache.
  ///
  /// With `borrowing`, heap items may be kept without a retain each: see
  /// `_shouldBorrow(adding:)`.
  ///
  /// - Complexity: O(*k*) amortized expected for *k* new elements, one hash each; O(*n*)
  ///   when it fails (the table is rebuilt without the new entries, hashing nothing).
  @inlinable
  internal mutating func append(uniqueContentsOf newElements: [Element], borrowing: Bool = false)
    -> Bool
  {
    let countBefore = count
    guard !newElements.isEmpty else { return true }
    let needed = countBefore &+ newElements.count
    let borrow = borrowing && _shouldBorrow(adding: newElements.count)
    // Checked here first: the call costs as much as indexing a few elements, and a snapshot
    // built section by section has usually reserved room already.
    if needed > reservedCapacity || (borrow && !_borrowsUniquely()) {
      reserveCapacity(needed, borrowing: borrow)
    }
    let scale = self.scale
    // The storage goes in as arguments (second references, released on return): read
    // through `self` while the buckets are written, it would overlap the access to `table`.
    let unique = Self._withElements(_owned, _borrowed) { stored in
      _indexNewElements(newElements, after: stored)
    }
    if !unique {
      _rebuildTable(scale: scale) { $0 < countBefore ? $0 : -1 }
      return false
    }
    if borrow {
      _borrowed.unsafelyUnwrapped.append(ContiguousArray(newElements))
    } else {
      elements.append(contentsOf: newElements)
    }
    return true
  }

  /// Writes the buckets of `newElements`, to be stored after `stored` (the current
  /// elements); `false` on the first that is equal to one already indexed (the buckets then
  /// hold some of them: the caller rebuilds).
  @inlinable
  internal mutating func _indexNewElements(
    _ newElements: [Element], after stored: UnsafeBufferPointer<Element>
  ) -> Bool {
    let scale = self.scale
    let countBefore = stored.count
    return table.withUnsafeMutableBufferPointer { buckets in
      newElements.withUnsafeBufferPointer { added in
        let mask = buckets.count &- 1
        // The comparison runs only where hash bits match, out of line and with its three
        // inputs behind one pointer: inline, they kept the placement loop short of
        // registers. Out of line, the benchmark's sectioned `Int` builds run 2.9% fewer
        // instructions here (`instructions.sh`; README, Performance, 2026-11-30).
        return withUnsafePointer(to: (stored, added, countBefore)) { context in
          Self._withHashBlocks(of: added) { index, hash in
            var bucket = Self._home(ofHash: hash, scale: scale)
            while true {
              let entry = buckets[bucket]
              if entry == 0 { break }
              if entry >> 32 == hash && Self._newElement(index, equals: entry, context) {
                return false
              }
              bucket = (bucket &+ 1) & mask
            }
            buckets[bucket] = Self._entry(hash: hash, offset: countBefore &+ index)
            return true
          }
        }
      }
    }
  }

  /// Whether the new element at `index` equals the one that `entry` names: a stored element
  /// (an offset below the count before) or an earlier new one, read without a retain as the
  /// join reads them (`_elementsEqual`). `context` holds the stored elements, the new ones
  /// and the count before (`_indexNewElements`).
  @inlinable
  @inline(never)
  internal static func _newElement(
    _ index: Int, equals entry: UInt64,
    _ context: UnsafePointer<(UnsafeBufferPointer<Element>, UnsafeBufferPointer<Element>, Int)>
  ) -> Bool {
    let (stored, added, countBefore) = context.pointee
    let offset = _offset(ofEntry: entry)
    return offset < countBefore
      ? _elementsEqual(stored, offset, added, index)
      : _elementsEqual(added, offset &- countBefore, added, index)
  }

  /// How many elements fit without growing the storage or the table.
  @inlinable
  internal var reservedCapacity: Int {
    let capacity =
      Self._borrowsThroughSlot ? _borrowed?.capacity ?? _owned.capacity : _owned.capacity
    return Swift.min(capacity, Self._capacity(forScale: scale))
  }

  /// Makes room for `minimumCapacity` elements without growing the table again; with
  /// `borrowing`, in storage that borrows (`_borrow(minimumCapacity:)`).
  ///
  /// - Complexity: O(*n*) when the table grows, with no hashing.
  @inlinable
  internal mutating func reserveCapacity(_ minimumCapacity: Int, borrowing: Bool = false) {
    // The table's size first: it stops on a count no snapshot holds before the storage is
    // grown for it.
    let tableScale =
      minimumCapacity > Self._capacity(forScale: scale)
      ? Self._scale(forCount: minimumCapacity) : nil
    if borrowing && Self._borrowsThroughSlot {
      _borrow(minimumCapacity: minimumCapacity)
    } else {
      _makeOwned()
      if minimumCapacity > _owned.capacity {
        // At least doubling: `Array.reserveCapacity` allocates exactly what is asked, so
        // callers that append one item at a time would copy the array each time.
        _owned.reserveCapacity(Swift.max(minimumCapacity, _owned.capacity &* 2))
      }
    }
    if let tableScale { _rebuildTable(scale: tableScale) }
  }

  // MARK: Table

  /// 32 bits of `element`'s hash, mixed: the upper half of its product with 2^64/φ
  /// (Fibonacci hashing), which depends on every bit of `hashValue`. `Hasher` output needs
  /// no mixing, but a type may return a raw `hashValue` (an `NSObject` subclass returns
  /// its `hash`, often a pointer or a small counter) whose upper bits are all alike, which
  /// would put every item in one bucket.
  @inlinable
  @inline(__always)
  internal static func _hashBits(_ element: Element) -> UInt64 {
    let raw = UInt64(truncatingIfNeeded: UInt(bitPattern: element.hashValue))
    return (raw &* 0x9E37_79B9_7F4A_7C15) >> 32
  }

  /// A full bucket: `hash` (from ``_hashBits(_:)``) in the high half, `offset + 1` in the
  /// low half, so that an empty bucket is 0.
  @inlinable
  @inline(__always)
  internal static func _entry(hash: UInt64, offset: Int) -> UInt64 {
    (hash << 32) | UInt64(truncatingIfNeeded: offset &+ 1)
  }

  /// 1 for a full bucket and 0 for an empty one, computed without a branch: the loops that
  /// gather full buckets would otherwise branch on a coin toss (a table is a third to a
  /// half full), which the branch predictor loses.
  @inlinable
  @inline(__always)
  internal static func _fullness(ofEntry entry: UInt64) -> Int {
    Int(truncatingIfNeeded: (entry | (0 &- entry)) >> 63)
  }

  /// The offset a full bucket names.
  @inlinable
  @inline(__always)
  internal static func _offset(ofEntry entry: UInt64) -> Int {
    Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: entry)) &- 1
  }

  /// The home bucket of `hash` in a table of `scale`: its top `scale` bits.
  @inlinable
  @inline(__always)
  internal static func _home(ofHash hash: UInt64, scale: Int) -> Int {
    // A masking shift: `scale` is 1...32 wherever there is a table, so the shift is 0...31,
    // and the checked `>>` would add a compare and a select to every probe's start.
    Int(truncatingIfNeeded: hash &>> UInt64(truncatingIfNeeded: 32 &- scale))
  }

  /// The number of elements a table of `scale` holds: half its buckets.
  @inlinable
  internal static func _capacity(forScale scale: Int) -> Int {
    scale == 0 ? 0 : (1 &<< scale) >> 1
  }

  /// The scale of the smallest table that holds `count` elements (0 for none).
  @inlinable
  internal static func _scale(forCount count: Int) -> Int {
    guard count > 0 else { return 0 }
    precondition(
      count <= _capacity(forScale: maximumScale),
      "DiffableDataSourceSnapshot: \(count) items is more than a snapshot holds "
        + "(\(_capacity(forScale: maximumScale)))")
    var scale = minimumScale
    while _capacity(forScale: scale) < count { scale &+= 1 }
    return scale
  }

  /// The first empty bucket on the probe path of `hash`.
  @inlinable
  internal func _emptyBucket(forHash hash: UInt64) -> Int {
    let mask = table.count &- 1
    var bucket = Self._home(ofHash: hash, scale: scale)
    while table[bucket] != 0 { bucket = (bucket &+ 1) & mask }
    return bucket
  }

  /// Rebuilds the table at `scale` from the current buckets, rewriting each offset with
  /// `newOffset` (which returns -1 to drop the element). Hashes nothing: each bucket's home
  /// comes from the hash bits it stores.
  ///
  /// `newOffset` receives the offsets the current table names (those of the elements before
  /// a removal), and also 0 on behalf of each empty bucket: it must accept 0 and have no side
  /// effects, and its answer for an empty bucket is ignored.
  ///
  /// - Complexity: O(old buckets + new buckets).
  @inlinable
  internal mutating func _rebuildTable(scale newScale: Int, newOffset: (Int) -> Int = { $0 }) {
    guard newScale > 0 else {
      table = []
      scale = 0
      return
    }
    var fresh = [UInt64](repeating: 0, count: 1 &<< newScale)
    // The kept entries of each block of old buckets are gathered first, with no branch on
    // whether a bucket is full, then placed. In a half-full table that is a coin toss the
    // branch predictor loses half the time: branching on it per bucket made the rebuilds
    // 36% of filling a one-section snapshot by 100 appends of 1,000 items. (Removals still
    // branch inside their `newOffset`.) 128 entries are 1 KiB, which the temporary
    // allocation keeps on the stack.
    let blockSize = 128
    fresh.withUnsafeMutableBufferPointer { target in
      table.withUnsafeBufferPointer { source in
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: blockSize) { kept in
          let mask = target.count &- 1
          var start = 0
          while start < source.count {
            let end = Swift.min(start &+ blockSize, source.count)
            var keptCount = 0
            for bucket in start..<end {
              let entry = source[bucket]
              let offset = newOffset(Swift.max(Self._offset(ofEntry: entry), 0))
              kept[keptCount] = Self._entry(hash: entry >> 32, offset: offset)
              // 1 for a full bucket whose element stays, in arithmetic: written as a
              // condition, it was compiled back into the branch this loop avoids.
              let full = Self._fullness(ofEntry: entry)
              keptCount &+= full & (1 &+ (offset &>> 63))
            }
            for index in 0..<keptCount {
              let entry = kept[index]
              var bucket = Self._home(ofHash: entry >> 32, scale: newScale)
              while target[bucket] != 0 { bucket = (bucket &+ 1) & mask }
              target[bucket] = entry
            }
            start = end
          }
        }
      }
    }
    table = fresh
    scale = newScale
  }
}

extension _IndexedArray: Sendable where Element: Sendable {}
