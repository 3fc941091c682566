extension _IndexedArray {
  /// Finds the elements of `other` whose offsets lie in `range` and whose slot in `found`
  /// (`found[offset - range.lowerBound]`) holds -2: writes the element's offset here, or -1
  /// where this array does not hold it. Other slots are left as they are; every slot must
  /// hold -2, -1 or an offset on entry (values below -2 mark candidates while it runs).
  ///
  /// Walks `other`'s table in bucket order and probes this table with the hash bits stored
  /// there. Since both tables place an element by the same bits, the probes move through
  /// this table in order too: both tables are read nearly sequentially, where looking
  /// elements up one by one reads this table at random. Worth it when `range` covers a
  /// good part of `other`, as the walk reads every bucket of it. The first entry with
  /// matching bits is a candidate; a second pass compares the candidates' elements in
  /// `other`'s order (see below). Only an element whose candidate differs (32 hash bits
  /// shared by chance) is hashed, to look it up in full.
  ///
  /// - Complexity: O(*b* + *k*) for *b* buckets of `other` and *k* offsets in `range`.
  @inlinable
  internal func _offsets(
    of other: _IndexedArray, in range: Range<Int>, into found: UnsafeMutableBufferPointer<Int>
  ) {
    guard scale > 0 else {
      // This array is empty: none of them is here.
      for slot in found.indices where found[slot] == -2 { found[slot] = -1 }
      return
    }
    let scale = self.scale
    let (lower, count) = (range.lowerBound, UInt(bitPattern: range.count))
    // The full buckets of each block of `other`'s table are gathered first, with no branch on
    // whether a bucket is full (a coin toss in a table filled to a third or a half, which the
    // branch predictor loses: see `_rebuildTable`), then joined. 128 entries are 1 KiB, on
    // the stack.
    let blockSize = 128
    table.withUnsafeBufferPointer { mine in
      _withElements { myElements in
        other.table.withUnsafeBufferPointer { theirs in
          other._withElements { theirElements in
            let mask = mine.count &- 1
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: blockSize) { full in
              var start = 0
              while start < theirs.count {
                let end = Swift.min(start &+ blockSize, theirs.count)
                var fullCount = 0
                for bucket in start..<end {
                  let entry = theirs[bucket]
                  full[fullCount] = entry
                  fullCount &+= Self._fullness(ofEntry: entry)
                }
                start = end
                for index in 0..<fullCount {
                  let entry = full[index]
                  let theirOffset = Self._offset(ofEntry: entry)
                  let slot = theirOffset &- lower
                  if UInt(bitPattern: slot) >= count || found[slot] != -2 { continue }
                  let hash = entry >> 32
                  // Only hash bits are compared here. The first match is kept as a
                  // candidate (encoded below -2) and its element compared in the next pass.
                  var candidate = -1
                  var bucket = Self._home(ofHash: hash, scale: scale)
                  while true {
                    let mineEntry = mine[bucket]
                    if mineEntry == 0 { break }
                    if mineEntry >> 32 == hash {
                      candidate = -3 &- Self._offset(ofEntry: mineEntry)
                      break
                    }
                    bucket = (bucket &+ 1) & mask
                  }
                  found[slot] = candidate
                }
              }
            }
            // The candidates confirmed in `other`'s order: its elements are read in turn,
            // where reading them in its table's order was a cache miss each. A candidate
            // whose element differs (hash bits shared by chance) is looked up in full.
            for slot in 0..<Int(bitPattern: count) {
              let encoded = found[slot]
              if encoded > -3 { continue }
              let offset = -3 &- encoded
              let theirOffset = lower &+ slot
              if Self._elementsEqual(myElements, offset, theirElements, theirOffset) {
                found[slot] = offset
                continue
              }
              // Rare (32 hash bits shared by chance): the lookup `_lookUp` makes, which
              // compares the rejected candidate once more.
              found[slot] = Self._offset(
                of: theirElements[theirOffset],
                hash: Self._hashBits(at: theirOffset, of: theirElements), scale: scale,
                buckets: mine, elements: myElements)
            }
          }
        }
      }
    }
  }
}
