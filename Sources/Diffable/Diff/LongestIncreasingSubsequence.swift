/// Marks the members of one longest strictly increasing subsequence of `values`.
///
/// The diff keeps these items in place and moves only the others, which is what makes the
/// number of moves minimal: every item outside a longest increasing run of old positions
/// has to move, and no other item needs to.
///
/// Patience sorting with predecessor links: O(*m* log *m*) time, O(*m*) memory. An already
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
  return withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { predecessors in
    withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { tails in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { tailValues in
        // tails[k]: the index of the smallest value that ends an increasing run of length
        // k+1; tailValues[k]: that value, kept beside it so that the search reads one small
        // contiguous array instead of jumping around `values` (a cache miss per step).
        var length = 0
        for index in 0..<count {
          let value = values[index]
          var position = length
          // Most values extend the longest run (inputs are mostly in order): no search.
          if length > 0 && !(tailValues[length &- 1] < value) {
            // The first tail above `value`, by halving without a data-dependent jump (a
            // random order would mispredict half of them): `(tail &- value) &>> 63` is -1
            // when tail < value and 0 otherwise. Values are non-negative positions, so the
            // subtraction cannot overflow.
            var base = 0
            var size = length
            // Quarters first: three independent loads per step halve the chain of dependent
            // loads (15-20% faster on a random order of 10,000 or 100,000, same result).
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
          predecessors[index] = position > 0 ? tails[position &- 1] : -1
          tails[position] = index
          tailValues[position] = value
          if position == length { length &+= 1 }
        }
        var index = tails[length &- 1]
        while index >= 0 {
          members[index] = true
          index = predecessors[index]
        }
        return length
      }
    }
  }
}
