extension _IndexedArray {
  // MARK: Moving

  /// Moves the elements in `range` to sit just before the element now at `destination`,
  /// keeping their order (`destination` is in the index space before the move, as in
  /// `OrderedSet.moveSubrange(_:to:)`; `count` moves them to the end).
  ///
  /// - Complexity: O(*d* + *k*) for the *k* moved elements and the *d* they pass, plus
  ///   re-indexing them: one hash each when they are few next to the table, else one pass
  ///   over the table with no hashing.
  @inlinable
  internal mutating func moveSubrange(_ range: Range<Int>, to destination: Int) {
    precondition(
      range.lowerBound >= 0 && range.upperBound <= count && destination >= 0
        && destination <= count,
      "moveSubrange: \(range) to \(destination) is out of bounds for \(count) elements")
    let moved = range.count
    // The block's first offset once moved, discounting moved elements before `destination`.
    let target = destination &- Swift.max(0, Swift.min(moved, destination &- range.lowerBound))
    guard moved > 0, target != range.lowerBound else { return }
    // Owned from here on, and written through `_owned`: `elements` is computed, and a read
    // of it beside a write could hold a second reference and copy the array at each write.
    _makeOwned()
    let span = Swift.min(range.lowerBound, target)..<Swift.max(range.upperBound, target &+ moved)
    let newOffset: (Int) -> Int = { offset in
      if range.contains(offset) { return offset &- range.lowerBound &+ target }
      return target < range.lowerBound ? offset &+ moved : offset &- moved
    }
    _reindex(span, newOffset)

    let block = Array(_owned[range])
    if target < range.lowerBound {
      // The elements in target..<lower slide right by the block's size.
      var index = range.upperBound &- 1
      while index >= target &+ moved {
        _owned[index] = _owned[index &- moved]
        index &-= 1
      }
    } else {
      // The elements in upper..<target+moved slide left.
      for index in range.lowerBound..<target {
        _owned[index] = _owned[index &+ moved]
      }
    }
    for offset in 0..<moved { _owned[target &+ offset] = block[offset] }
  }

  /// Rewrites the stored offsets of the elements now at `span` with `newOffset`, in place
  /// (a bucket's place depends on its hash, not its offset). Call before moving them.
  @inlinable
  internal mutating func _reindex(_ span: Range<Int>, _ newOffset: (Int) -> Int) {
    guard scale > 0 else { return }
    _makeOwned()
    if span.count &* 64 <= table.count {
      // Few elements: find each one's bucket by its hash, then rewrite them all (rewriting
      // while searching could match a rewritten offset).
      var buckets: [Int] = []
      buckets.reserveCapacity(span.count)
      for offset in span {
        let hash = Self._hashBits(_owned[offset])
        let wanted = Self._entry(hash: hash, offset: offset)
        var bucket = Self._home(ofHash: hash, scale: scale)
        while table[bucket] != wanted {
          precondition(
            table[bucket] != 0,
            "DiffableDataSourceSnapshot: item \(_owned[offset]) is no longer found by its "
              + "hash: its type breaks the Hashable contract (a value must not change while "
              + "it is in a snapshot)")
          bucket = (bucket &+ 1) & (table.count &- 1)
        }
        buckets.append(bucket)
      }
      for bucket in buckets {
        let entry = table[bucket]
        table[bucket] = Self._entry(
          hash: entry >> 32, offset: newOffset(Self._offset(ofEntry: entry)))
      }
    } else {
      table.withUnsafeMutableBufferPointer { buckets in
        for bucket in buckets.indices where buckets[bucket] != 0 {
          let entry = buckets[bucket]
          let offset = Self._offset(ofEntry: entry)
          guard span.contains(offset) else { continue }
          buckets[bucket] = Self._entry(hash: entry >> 32, offset: newOffset(offset))
        }
      }
    }
  }

  // MARK: Removing

  /// Removes the elements in `range`.
  ///
  /// - Complexity: O(*n* + buckets), with no hashing.
  @inlinable
  internal mutating func removeSubrange(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    _makeOwned()
    _owned.removeSubrange(range)
    let removed = range.count
    _rebuildTable(scale: _scaleAfterRemoval()) { offset in
      if offset < range.lowerBound { return offset }
      return offset < range.upperBound ? -1 : offset &- removed
    }
  }

  /// Removes the element at `offset`.
  ///
  /// - Complexity: O(*n* + buckets), with no hashing.
  @inlinable
  internal mutating func remove(at offset: Int) {
    removeSubrange(offset..<offset &+ 1)
  }

  /// Removes the last `k` elements.
  ///
  /// - Complexity: O(*n* + buckets), with no hashing.
  @inlinable
  internal mutating func removeLast(_ k: Int) {
    removeSubrange(count &- k..<count)
  }

  /// Removes every element whose flag in `doomed` (one per element) is set.
  ///
  /// - Complexity: O(*n* + buckets), with no hashing.
  @inlinable
  internal mutating func removeAll(flaggedBy doomed: [Bool]) {
    precondition(doomed.count == count, "removeAll(flaggedBy:): one flag per element")
    _makeOwned()
    // The old-to-new offset map is a bitset of the removed elements plus, per 64 elements,
    // how many were removed before them: 1/40 the size of an array of new offsets, so it
    // stays in cache while the table is walked in hash order, which reads it at random.
    let words = (count &+ 63) >> 6
    var removedBits = [UInt64](repeating: 0, count: words)
    var removedBefore = [Int](repeating: 0, count: words)
    var kept = 0
    for offset in _owned.indices {
      if doomed[offset] {
        removedBits[offset >> 6] |= 1 &<< UInt64(offset & 63)
      } else {
        if kept != offset { _owned[kept] = _owned[offset] }
        kept &+= 1
      }
    }
    guard kept < count else { return }
    var removed = 0
    for word in 0..<words {
      removedBefore[word] = removed
      removed &+= removedBits[word].nonzeroBitCount
    }
    _owned.removeLast(count &- kept)
    _rebuildTable(scale: _scaleAfterRemoval()) { offset in
      let word = offset >> 6
      let bit: UInt64 = 1 &<< UInt64(offset & 63)
      let bits = removedBits[word]
      if bits & bit != 0 { return -1 }
      return offset &- removedBefore[word] &- (bits & (bit &- 1)).nonzeroBitCount
    }
  }

  /// The table's scale once elements have gone: the same, unless it has become more than
  /// twice as large as needed (then one step above the minimum, so that adding a few
  /// elements back does not grow it at once).
  @inlinable
  internal func _scaleAfterRemoval() -> Int {
    guard count > 0 else { return 0 }
    let needed = Self._scale(forCount: count)
    return Swift.min(scale, needed &+ 1)
  }

  // MARK: Invariants

  /// Checks the table's structure: one bucket per element, each naming a distinct offset in
  /// range, and each reachable from its home bucket (no empty bucket in between). It hashes
  /// nothing, so that the hash-counting tests hold with checks on; lookups in every test
  /// check the stored hash bits. O(*n* + buckets): run only under
  /// `DIFFABLE_INTERNAL_CHECKS`.
  @inlinable
  internal func _checkInvariants() {
    if let borrowed = _borrowed {
      // Every copy in storage that borrows has something that keeps its item alive.
      let kept = borrowed.owners.reduce(borrowed.tail.count) { $0 &+ $1.count }
      precondition(_owned.isEmpty, "Invariant: \(_owned.count) owned elements beside borrowed")
      precondition(
        borrowed.count <= borrowed.capacity && kept == borrowed.count,
        "Invariant: \(borrowed.count) borrowed elements (room for \(borrowed.capacity)), "
          + "but the kept arrays hold \(kept)")
    }
    precondition(
      table.count == (scale == 0 ? 0 : 1 << scale),
      "Invariant: \(table.count) buckets for scale \(scale)")
    precondition(
      count <= Self._capacity(forScale: scale),
      "Invariant: \(count) elements over the capacity of scale \(scale)")
    guard scale > 0 else { return }
    var seen = [Bool](repeating: false, count: count)
    let mask = table.count &- 1
    // Walk the buckets from just after an empty one (there is always one), so that each
    // run of full buckets is seen whole: an entry is reachable when its home lies in the run
    // before it.
    let empty = table.firstIndex(of: 0)!
    var runStart = (empty &+ 1) & mask
    for step in 1...table.count {
      let bucket = (empty &+ step) & mask
      let entry = table[bucket]
      if entry == 0 {
        runStart = (bucket &+ 1) & mask
        continue
      }
      let offset = Self._offset(ofEntry: entry)
      precondition(
        offset >= 0 && offset < count && !seen[offset],
        "Invariant: bucket \(bucket) names offset \(offset) (of \(count)) twice or out of range")
      seen[offset] = true
      let home = Self._home(ofHash: entry >> 32, scale: scale)
      precondition(
        (bucket &- home) & mask <= (bucket &- runStart) & mask,
        "Invariant: bucket \(bucket) is cut off from its home bucket \(home)")
    }
    precondition(
      !seen.contains(false), "Invariant: some element has no bucket among \(table.count)")
  }
}
