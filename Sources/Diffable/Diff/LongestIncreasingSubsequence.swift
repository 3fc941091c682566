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
///   - values: Distinct integers (old positions, in new order).
///   - members: Set to `true` for members of the subsequence, `false` otherwise; resized to
///     `values.count`.
///   - scratch: Reused buffers, so that diffing many sections allocates once.
/// - Returns: The length of the subsequence.
@inlinable
@discardableResult
internal func _markLongestIncreasingSubsequence(
  _ values: UnsafeBufferPointer<Int>,
  into members: inout [Bool],
  scratch: inout _SubsequenceScratch
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
  scratch.tails.removeAll(keepingCapacity: true)
  scratch.predecessors.removeAll(keepingCapacity: true)
  scratch.predecessors.reserveCapacity(count)
  // tails[k] is the index of the smallest value that ends an increasing run of length k+1.
  for index in 0..<count {
    let value = values[index]
    var low = 0
    var high = scratch.tails.count
    while low < high {
      let middle = (low &+ high) >> 1
      if values[scratch.tails[middle]] < value {
        low = middle &+ 1
      } else {
        high = middle
      }
    }
    scratch.predecessors.append(low > 0 ? scratch.tails[low &- 1] : -1)
    if low == scratch.tails.count {
      scratch.tails.append(index)
    } else {
      scratch.tails[low] = index
    }
  }
  var index = scratch.tails[scratch.tails.count &- 1]
  while index >= 0 {
    members[index] = true
    index = scratch.predecessors[index]
  }
  return scratch.tails.count
}

/// Buffers reused across calls of `_markLongestIncreasingSubsequence`.
@usableFromInline
internal struct _SubsequenceScratch {
  @usableFromInline internal var tails: [Int] = []
  @usableFromInline internal var predecessors: [Int] = []

  @inlinable
  internal init() {}
}
