extension _IndexedArray {
  /// Finds the elements of `other` at `range` here by following runs: when the element
  /// before was found at offset *p*, the next is most likely at *p* + 1 (or up to *p* + 4,
  /// past up to three deleted elements). A list changed by an app keeps most items in
  /// order, so most elements are found by one equality check on memory read in order, with
  /// no hashing and no probe of the table, which at 100,000 items no longer fits in the
  /// processor's cache.
  ///
  /// Where the run breaks for a few elements (an insertion), they are left for later; where
  /// it stays broken (a block deleted, or a shuffle), one element is looked up by hash to find
  /// the run again. When the element after a lookup does not continue from it either, the
  /// next elements are skipped without a look, twice as many each time, up to
  /// `maximumPause`: a shuffle costs a few hashes and equality checks per hundred elements,
  /// and leaves the rest to the caller, who then joins the tables. The longest pause is 64
  /// elements, or a 512th of `range` when that is more: in a shuffle of 100,000 `String`s,
  /// the lookups that 64 left were 8% of the diff's time (0.92x with the longer pause), and
  /// after an inserted block at most the longest pause is looked up that a run would have
  /// found.
  ///
  /// `found` holds -2 in every slot on entry. On return `found[slot]` holds, for the element
  /// at `range.lowerBound + slot` of `other`, its offset here, -1 when it is not here, or
  /// still -2 when it was not looked for (skipped slots are not written: in a shuffle, that
  /// is most of them).
  ///
  /// - Parameter previous: The offset here of the element before `range`, or
  ///   `range`'s first guess minus one.
  /// - Returns: The number of slots left at -2.
  /// - Complexity: O(*k*) for *k* offsets in `range`: at most five equality checks per
  ///   element, and one hash per lookup.
  @inlinable
  internal func _followRuns(
    of other: _IndexedArray, in range: Range<Int>, after previous: Int,
    into found: UnsafeMutableBufferPointer<Int>
  ) -> Int {
    let maximumPause = Swift.max(64, range.count &>> 9)
    // A run that breaks for up to this many elements is an insertion: the elements after it
    // continue the run, so nothing is looked up.
    let tolerated = 3
    var previous = previous
    var misses = 0
    var pause = 0
    var nextPause = 1
    var lookedUp = false
    var skipped = 0
    let count = self.count
    let scale = self.scale
    return table.withUnsafeBufferPointer { buckets in
      _withElements { mine in
        other._withElements { theirs in
          var slot = 0
          while slot < range.count {
            defer { slot &+= 1 }
            if pause > 0 {
              let skip = Swift.min(pause, range.count &- slot)
              skipped &+= skip
              pause = 0
              slot &+= skip &- 1
              continue
            }
            let element = theirs[range.lowerBound &+ slot]
            // The next offset, or past one, two or three deleted elements. The checks past
            // the first are made only where the run breaks, on memory already read, and
            // save the lookups of the elements that would be left until the run was found.
            var candidate = previous &+ 1
            let last = Swift.min(candidate &+ 3, count &- 1)
            while candidate <= last && !(mine[candidate] == element) { candidate &+= 1 }
            if candidate <= last {
              found[slot] = candidate
              previous = candidate
              misses = 0
              lookedUp = false
              nextPause = 1
              continue
            }
            misses &+= 1
            if misses <= tolerated {
              skipped &+= 1
              continue
            }
            if lookedUp {
              // The lookup just made did not restore a run: skip ahead before the next.
              lookedUp = false
              pause = nextPause
              nextPause = Swift.min(nextPause &* 2, maximumPause)
              skipped &+= 1
              continue
            }
            lookedUp = true
            let offset = Self._offset(
              of: element, hash: Self._hashBits(element), scale: scale, buckets: buckets,
              elements: mine)
            found[slot] = offset
            if offset >= 0 { previous = offset }
          }
          return skipped
        }
      }
    }
  }

  /// Looks up, by hashing each, the elements of `other` at `range` whose slot in `found`
  /// (`found[offset - range.lowerBound]`) holds -2: writes the element's offset here, or -1.
  ///
  /// A block of such elements is hashed before any is probed, as the build does (see
  /// `_withHashBlocks`): here too, each probe reads a random bucket of a table that at
  /// 100,000 items is out of cache, and one lookup at a time left that read waiting behind
  /// the whole hash. (Profiled on the `random-10-10-1` apply of 100,000 `Int`s, 38% of the
  /// samples in the diff's main pass sat on that read.)
  ///
  /// - Complexity: O(*k*) expected for *k* such slots: one hash each.
  // Always inlined: the diff calls it once per section, and when the storage that borrows
  // came in (`_withElements`) the compiler stopped inlining it, and the diff of 100 sections
  // of `Int`s ran 5% more instructions (callgrind).
  @inlinable
  @inline(__always)
  internal func _lookUp(
    unknownOf other: _IndexedArray, in range: Range<Int>,
    into found: UnsafeMutableBufferPointer<Int>
  ) {
    let scale = self.scale
    let blockSize = Self._hashBlockSize
    // The buffers are taken once for all lookups: `firstIndex(of:)` per element would retain
    // and release both arrays each time.
    table.withUnsafeBufferPointer { buckets in
      _withElements { mine in
        other._withElements { theirs in
          withUnsafeTemporaryAllocation(of: Int.self, capacity: blockSize) { slots in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: blockSize) { hashes in
              var next = 0
              while next < found.count {
                var pending = 0
                while next < found.count && pending < blockSize {
                  if found[next] == -2 {
                    slots[pending] = next
                    hashes[pending] = Self._hashBits(at: range.lowerBound &+ next, of: theirs)
                    pending &+= 1
                  }
                  next &+= 1
                }
                for index in 0..<pending {
                  let slot = slots[index]
                  found[slot] = Self._offset(
                    of: theirs[range.lowerBound &+ slot], hash: hashes[index], scale: scale,
                    buckets: buckets, elements: mine)
                }
              }
            }
          }
        }
      }
    }
  }

  /// The offset of `element`, whose hash bits are `hash`, in a table of `scale` with
  /// `buckets` over `elements`; -1 when absent (or when there is no table).
  @inlinable
  @inline(__always)
  internal static func _offset(
    of element: Element, hash: UInt64, scale: Int, buckets: UnsafeBufferPointer<UInt64>,
    elements: UnsafeBufferPointer<Element>
  ) -> Int {
    guard scale > 0 else { return -1 }
    let mask = buckets.count &- 1
    var bucket = _home(ofHash: hash, scale: scale)
    while true {
      let entry = buckets[bucket]
      if entry == 0 { return -1 }
      if entry >> 32 == hash {
        let offset = _offset(ofEntry: entry)
        if elements[offset] == element { return offset }
      }
      bucket = (bucket &+ 1) & mask
    }
  }
}
