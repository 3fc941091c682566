/// Marks the members of one longest strictly increasing subsequence of `values`.
///
/// The diff keeps these items in place and moves only the others, which is what makes the
/// number of moves minimal: every item outside a longest increasing run of old positions
/// has to move, and no other item needs to.
///
/// Patience sorting, then one backward scan: O(*m* log *m*) time, O(*m*) memory. An already
/// increasing input (nothing moved, the common case) is detected in one O(*m*) pass.
///
/// - Parameters:
///   - values: Distinct non-negative integers (old positions, in new order).
///   - members: Set to `true` for members of the subsequence, `false` otherwise; resized to
///     `values.count`.
/// - Returns: The length of the subsequence.
@inlinable
@discardableResult
internal func _markLongestIncreasingSubsequence(
  _ values: UnsafeBufferPointer<Int>,
  into members: inout [Bool]
) -> Int {
  let count = values.count
  members.removeAll(keepingCapacity: true)
  guard count > 0 else { return 0 }
  var increasing = true
  var previous = values[0]
  for index in 1..<count {
    let value = values[index]
    if value < previous {
      increasing = false
      break
    }
    previous = value
  }
  if increasing {
    members.append(contentsOf: repeatElement(true, count: count))
    return count
  }
  members.append(contentsOf: repeatElement(false, count: count))
  // Temporary buffers: pages that a short subsequence never reaches are never touched.
  return withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { lengths in
    withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { tailValues in
      // tailValues[k]: the smallest value that ends an increasing run of length k+1, kept
      // in one small contiguous array so that the search does not jump around `values`.
      // lengths[i]: the length of the longest run that ends with values[i].
      var length = 0
      var index = 0
      // Blocks of 64 values. A block where more than 16 values needed a search (a shuffled
      // stretch) is followed by one placed eight values at a time (four at a time made the
      // whole function 1.7-1.8x faster on a random order of 10,000 or 100,000, and eight
      // take 0.78-0.84x the time of four); a stretch mostly in order stays on the
      // one-at-a-time path, whose shortcuts skip the search.
      var eightAtATime = false
      while index < count {
        let blockEnd = Swift.min(index &+ 64, count)
        var searches = 0
        if eightAtATime {
          while index &+ 8 <= blockEnd {
            searches &+= _placeEightIncreasingRunValues(
              values, at: index, tails: tailValues, lengths: lengths, length: &length)
            index &+= 8
          }
        }
        // The rest of the block, one value at a time. Written here, not in a function of its
        // own like the eight-at-a-time step: that made the common case, few items moved,
        // 2-9% slower on the subsequence alone.
        while index < blockEnd {
          let value = values[index]
          var position = length
          // Most values extend the longest run (inputs are mostly in order): no search.
          // Next most common: an item moved to an earlier place ends the run with a large
          // value, and the value after it, back in order, replaces it: no search either
          // (an item moved to a later place still costs one).
          if length > 1 && tailValues[length &- 2] < value && !(tailValues[length &- 1] < value) {
            position = length &- 1
          } else if length > 0 && !(tailValues[length &- 1] < value) {
            searches &+= 1
            position = _firstTail(above: value, in: tailValues, count: length)
          }
          lengths[index] = position &+ 1
          tailValues[position] = value
          if position == length { length &+= 1 }
          index &+= 1
        }
        eightAtATime = searches > 16
      }
      // One run is read back from the end: the last value that ends a run of the length
      // still needed and lies below the member taken after it. Every value ending a run of
      // length k has one of length k - 1 before it and below it, so the walk never gets
      // stuck. A backward scan reads both buffers in order, where following predecessor
      // links was a chain of dependent loads, one per member (most of the time spent
      // here when few items move).
      // Written through a pointer: an array's subscript checks uniqueness at each write.
      members.withUnsafeMutableBufferPointer { members in
        var needed = length
        var bound = Int.max
        var index = count
        while needed > 0 {
          index &-= 1
          let value = values[index]
          if lengths[index] == needed && value < bound {
            members[index] = true
            bound = value
            needed &-= 1
          }
        }
      }
      return length
    }
  }
}

/// The index of the first of `tails[0..<count]` (increasing) that is not below `value`;
/// the last of them must not be (so the answer is below `count`).
///
/// Halves without a data-dependent jump (a random order would mispredict half of them):
/// `(tail &- value) &>> 63` is -1 when tail < value and 0 otherwise. Values are non-negative
/// positions, so the subtraction cannot overflow.
@inlinable
@inline(__always)
internal func _firstTail(
  above value: Int, in tails: UnsafeMutableBufferPointer<Int>, count: Int
) -> Int {
  var base = 0
  var size = count
  // Quarters first: three independent loads per step halve the chain of dependent loads
  // (15-20% faster on a random order of 10,000 or 100,000).
  while size > 3 {
    let quarter = size &>> 2
    let first = (tails[base &+ quarter &- 1] &- value) &>> 63
    let second = (tails[base &+ 2 &* quarter &- 1] &- value) &>> 63
    let third = (tails[base &+ 3 &* quarter &- 1] &- value) &>> 63
    let passed = 0 &- (first &+ second &+ third)  // quarters whose last tail < value
    base &+= passed &* quarter
    size = passed == 3 ? size &- 3 &* quarter : quarter  // the last one takes the rest
  }
  while size > 1 {
    let half = size &>> 1
    base &+= half & ((tails[base &+ half &- 1] &- value) &>> 63)
    size &-= half
  }
  return base &- ((tails[base] &- value) &>> 63)
}

/// One step of patience sorting for each of the eight values at `index` (`tails[k]`: the
/// smallest value that ends an increasing run of length k + 1, the first `length` in use;
/// `lengths[i]`: the length of the longest run that ends with `values[i]`), with their eight
/// binary searches side by side: one search is a chain of dependent loads, and eight
/// independent chains let the processor overlap them. `length` must be at least 1.
///
/// All eight search the tails as they were; they are then placed in order. Placing a value
/// lowers one tail (or appends one), which changes where a later value of the eight belongs
/// only if that value found the same tail and lies above the one placed there: it then
/// belongs one tail further on. Applied in order, these corrections give exactly what
/// placing one value at a time gives.
///
/// Eight rather than four (2026-11-29): on a random order of 1,000 to 100,000 values the
/// subsequence takes 0.78-0.84x the time, measured in one process against the four-value
/// step (`Benchmarks/Experiments/subsequence_compare.sh`). Four chains did not yet fill the
/// processor.
///
/// - Returns: How many of the eight were placed before the last tail: those the
///   one-at-a-time path searches for, but for a value that replaces the only tail (that path
///   counts a search there too). The count only chooses the path of the next block.
@inlinable
@inline(__always)
internal func _placeEightIncreasingRunValues(
  _ values: UnsafeBufferPointer<Int>, at index: Int,
  tails: UnsafeMutableBufferPointer<Int>, lengths: UnsafeMutableBufferPointer<Int>,
  length: inout Int
) -> Int {
  // Eight named locals and chains written out: a loop over a small buffer (written for any
  // width) took 3-12% longer on random orders of 10,000 and 100,000.
  let (v0, v1, v2, v3) = (values[index], values[index &+ 1], values[index &+ 2], values[index &+ 3])
  let (v4, v5, v6, v7) = (
    values[index &+ 4], values[index &+ 5], values[index &+ 6], values[index &+ 7]
  )
  var (b0, b1, b2, b3, b4, b5, b6, b7) = (0, 0, 0, 0, 0, 0, 0, 0)
  var size = length
  while size > 1 {
    let half = size &>> 1
    let probe = half &- 1
    b0 &+= half & ((tails[b0 &+ probe] &- v0) &>> 63)
    b1 &+= half & ((tails[b1 &+ probe] &- v1) &>> 63)
    b2 &+= half & ((tails[b2 &+ probe] &- v2) &>> 63)
    b3 &+= half & ((tails[b3 &+ probe] &- v3) &>> 63)
    b4 &+= half & ((tails[b4 &+ probe] &- v4) &>> 63)
    b5 &+= half & ((tails[b5 &+ probe] &- v5) &>> 63)
    b6 &+= half & ((tails[b6 &+ probe] &- v6) &>> 63)
    b7 &+= half & ((tails[b7 &+ probe] &- v7) &>> 63)
    size &-= half
  }
  // Where each one lands, corrected below as the ones before it are placed.
  var positions = (
    b0 &- ((tails[b0] &- v0) &>> 63), b1 &- ((tails[b1] &- v1) &>> 63),
    b2 &- ((tails[b2] &- v2) &>> 63), b3 &- ((tails[b3] &- v3) &>> 63),
    b4 &- ((tails[b4] &- v4) &>> 63), b5 &- ((tails[b5] &- v5) &>> 63),
    b6 &- ((tails[b6] &- v6) &>> 63), b7 &- ((tails[b7] &- v7) &>> 63)
  )
  var searches = 0
  // A tuple of `Int`s is laid out as eight `Int`s, and memory bound to it is bound to `Int`.
  withUnsafeBytes(of: (v0, v1, v2, v3, v4, v5, v6, v7)) { eightBytes in
    withUnsafeMutableBytes(of: &positions) { landingBytes in
      let eight = eightBytes.assumingMemoryBound(to: Int.self)
      let landing = landingBytes.assumingMemoryBound(to: Int.self)
      for j in 0..<8 {
        let value = eight[j]
        var position = landing[j]
        for i in 0..<j where position == landing[i] && eight[i] < value { position &+= 1 }
        landing[j] = position
        searches &-= (position &- length &+ 1) &>> 63  // -1 when position < length - 1
        lengths[index &+ j] = position &+ 1
        tails[position] = value
        if position == length { length &+= 1 }
      }
    }
  }
  return searches
}
