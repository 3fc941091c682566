import Diffable
import DiffableTesting
import Foundation

/// Diffs `old` against `new` and replays the batch with the simulator, stopping the fuzzer
/// on anything the diff promises and does not keep: every rule a list view enforces, a
/// landing on exactly `new` with its marks honoured, no item losing its cell without a
/// reason, and no more section moves than a longest increasing subsequence leaves.
@discardableResult
public func checkDiff<SectionIdentifierType, ItemIdentifierType>(
  from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
  to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
) -> (BatchUpdate, BatchUpdateReplay<SectionIdentifierType, ItemIdentifierType>) {
  let update = BatchUpdate(from: old, to: new)
  let replay: BatchUpdateReplay<SectionIdentifierType, ItemIdentifierType>
  do {
    replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
    try replay.checkIdentityPreserved()
  } catch {
    fuzzFailure(
      "the diff's batch is rejected: \(error)\nold: \(old)\nnew: \(new)\nbatch: \(update)")
  }
  guard replay.snapshot == new.withoutMarks else {
    fuzzFailure("the replay lands on \(replay.snapshot), not \(new)\nold: \(old)\nbatch: \(update)")
  }
  let matched = new.sectionIdentifiers.compactMap { old.indexOfSection($0) }
  let allowed = matched.count - longestIncreasingSubsequenceLength(matched)
  guard update.movedSections.count <= allowed else {
    fuzzFailure(
      "\(update.movedSections.count) section moves where \(allowed) suffice\nold: \(old)\n"
        + "new: \(new)\nbatch: \(update)")
  }
  return (update, replay)
}

/// The length of a longest strictly increasing subsequence, by patience sorting.
public func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
  var tails: [Int] = []
  for value in values {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if tails[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == tails.count { tails.append(value) } else { tails[low] = value }
  }
  return tails.count
}
