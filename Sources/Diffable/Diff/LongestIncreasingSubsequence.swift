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
      // stretch) is followed by one placed four values at a time (a random order of 10,000
      // or 100,000: the whole function 1.7-1.8x faster); a stretch mostly in order stays on
      // the one-at-a-time path, whose shortcuts skip the search.
      var fourAtATime = false
      while index < count {
        let blockEnd = Swift.min(index &+ 64, count)
        var searches = 0
        if fourAtATime {
          while index &+ 4 <= blockEnd {
            searches &+= _placeFourIncreasingRunValues(
              values, at: index, tails: tailValues, lengths: lengths, length: &length)
            index &+= 4
          }
        }
        // The rest of the block, one value at a time. Written here, not in a function of its
        // own like the four-at-a-time step: that made the common case, few items moved,
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
            // The first tail above `value`, by halving without a data-dependent jump (a
            // random order would mispredict half of them): `(tail &- value) &>> 63` is -1
            // when tail < value and 0 otherwise. Values are non-negative positions, so the
            // subtraction cannot overflow.
            var base = 0
            var size = length
            // Quarters first: three independent loads per step halve the chain of
            // dependent loads (15-20% faster on a random order of 10,000 or 100,000).
            while size > 3 {
              let quarter = size &>> 2
              let first = (tailValues[base &+ quarter &- 1] &- value) &>> 63
              let second = (tailValues[base &+ 2 &* quarter &- 1] &- value) &>> 63
              let third = (tailValues[base &+ 3 &* quarter &- 1] &- value) &>> 63
              let passed = 0 &- (first &+ second &+ third)  // quarters whose last tail < value
              base &+= passed &* quarter
              size = passed == 3 ? size &- 3 &* quarter : quarter  // the last one takes the rest
            }
            while size > 1 {
              let half = size &>> 1
              base &+= half & ((tailValues[base &+ half &- 1] &- value) &>> 63)
              size &-= half
            }
            position = base &- ((tailValues[base] &- value) &>> 63)
          }
          lengths[index] = position &+ 1
          tailValues[position] = value
          if position == length { length &+= 1 }
          index &+= 1
        }
        fourAtATime = searches > 16
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

/// One step of patience sorting for each of the four values at `index` (`tails[k]`: the
/// smallest value that ends an increasing run of length k + 1, the first `length` in use;
/// `lengths[i]`: the length of the longest run that ends with `values[i]`), with their four
/// binary searches side by side: one search is a chain of dependent loads, and four
/// independent chains let the processor overlap them. `length` must be at least 1.
///
/// All four search the tails as they were; they are then placed in order. Placing a value
/// lowers one tail (or appends one), which changes where a later value of the four belongs
/// only if that value found the same tail and lies above the one placed there: it then
/// belongs one tail further on. Applied in order, these corrections give exactly what
/// placing one value at a time gives.
///
/// - Returns: How many of the four the one-at-a-time path would have searched for (those
///   placed before the last tail).
@inlinable
@inline(__always)
internal func _placeFourIncreasingRunValues(
  _ values: UnsafeBufferPointer<Int>, at index: Int,
  tails: UnsafeMutableBufferPointer<Int>, lengths: UnsafeMutableBufferPointer<Int>,
  length: inout Int
) -> Int {
  let v0 = values[index]
  let v1 = values[index &+ 1]
  let v2 = values[index &+ 2]
  let v3 = values[index &+ 3]
  var (b0, b1, b2, b3) = (0, 0, 0, 0)
  var size = length
  while size > 1 {
    let half = size &>> 1
    let probe = half &- 1
    b0 &+= half & ((tails[b0 &+ probe] &- v0) &>> 63)
    b1 &+= half & ((tails[b1 &+ probe] &- v1) &>> 63)
    b2 &+= half & ((tails[b2 &+ probe] &- v2) &>> 63)
    b3 &+= half & ((tails[b3 &+ probe] &- v3) &>> 63)
    size &-= half
  }
  let p0 = b0 &- ((tails[b0] &- v0) &>> 63)
  var p1 = b1 &- ((tails[b1] &- v1) &>> 63)
  var p2 = b2 &- ((tails[b2] &- v2) &>> 63)
  var p3 = b3 &- ((tails[b3] &- v3) &>> 63)
  var searches = 0
  func place(_ position: Int, _ value: Int, at offset: Int) {
    searches &-= (position &- length &+ 1) &>> 63  // -1 when position < length - 1
    lengths[offset] = position &+ 1
    tails[position] = value
    if position == length { length &+= 1 }
  }
  place(p0, v0, at: index)
  if p1 == p0 && v0 < v1 { p1 &+= 1 }
  place(p1, v1, at: index &+ 1)
  if p2 == p0 && v0 < v2 { p2 &+= 1 }
  if p2 == p1 && v1 < v2 { p2 &+= 1 }
  place(p2, v2, at: index &+ 2)
  if p3 == p0 && v0 < v3 { p3 &+= 1 }
  if p3 == p1 && v1 < v3 { p3 &+= 1 }
  if p3 == p2 && v2 < v3 { p3 &+= 1 }
  place(p3, v3, at: index &+ 3)
  return searches
}
