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
      // stretch) is followed by one searched four values at a time: the four searches run
      // against the same tails, side by side, so the processor overlaps their loads where
      // one search is a chain of dependent loads (a random order of 10,000 or 100,000: the
      // whole function 1.7-1.8x faster). A stretch mostly in order stays on the one-at-a-
      // time path, whose shortcuts skip the search.
      var fourAtATime = false
      while index < count {
        let blockEnd = Swift.min(index &+ 64, count)
        var searches = 0
        if fourAtATime {
          while index &+ 4 <= blockEnd {
            let v0 = values[index]
            let v1 = values[index &+ 1]
            let v2 = values[index &+ 2]
            let v3 = values[index &+ 3]
            var (b0, b1, b2, b3) = (0, 0, 0, 0)
            var size = length  // at least 1: the first block is searched one at a time
            while size > 1 {
              let half = size &>> 1
              let probe = half &- 1
              b0 &+= half & ((tailValues[b0 &+ probe] &- v0) &>> 63)
              b1 &+= half & ((tailValues[b1 &+ probe] &- v1) &>> 63)
              b2 &+= half & ((tailValues[b2 &+ probe] &- v2) &>> 63)
              b3 &+= half & ((tailValues[b3 &+ probe] &- v3) &>> 63)
              size &-= half
            }
            let p0 = b0 &- ((tailValues[b0] &- v0) &>> 63)
            var p1 = b1 &- ((tailValues[b1] &- v1) &>> 63)
            var p2 = b2 &- ((tailValues[b2] &- v2) &>> 63)
            var p3 = b3 &- ((tailValues[b3] &- v3) &>> 63)
            // Each placement lowers one tail (or appends one). It changes where a later
            // value of the four belongs only if that value found the same tail and is
            // above the one placed there: it then belongs one further on. Applied in
            // order, these corrections give what searching one at a time gives.
            searches &-= (p0 &- length &+ 1) &>> 63  // below the last two: a search
            lengths[index] = p0 &+ 1
            tailValues[p0] = v0
            if p0 == length { length &+= 1 }
            if p1 == p0 && v0 < v1 { p1 &+= 1 }
            searches &-= (p1 &- length &+ 1) &>> 63
            lengths[index &+ 1] = p1 &+ 1
            tailValues[p1] = v1
            if p1 == length { length &+= 1 }
            if p2 == p0 && v0 < v2 { p2 &+= 1 }
            if p2 == p1 && v1 < v2 { p2 &+= 1 }
            searches &-= (p2 &- length &+ 1) &>> 63
            lengths[index &+ 2] = p2 &+ 1
            tailValues[p2] = v2
            if p2 == length { length &+= 1 }
            if p3 == p0 && v0 < v3 { p3 &+= 1 }
            if p3 == p1 && v1 < v3 { p3 &+= 1 }
            if p3 == p2 && v2 < v3 { p3 &+= 1 }
            searches &-= (p3 &- length &+ 1) &>> 63
            lengths[index &+ 3] = p3 &+ 1
            tailValues[p3] = v3
            if p3 == length { length &+= 1 }
            index &+= 4
          }
        }
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
