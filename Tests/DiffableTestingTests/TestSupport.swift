import DiffableTesting
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

typealias Snapshot = DiffableDataSourceSnapshot<String, String>
typealias Replay = BatchUpdateReplay<String, String>

/// A snapshot from sections in order, each with its items.
func snapshot(_ sections: KeyValuePairs<String, [String]>) -> Snapshot {
  var snapshot = Snapshot()
  for (section, items) in sections {
    snapshot.appendSections([section])
    snapshot.appendItems(items, toSection: section)
  }
  return snapshot
}

/// The index path of an item: `at(section, item)`. Portable: `IndexPath(item:section:)`
/// needs UIKit or AppKit on Apple platforms.
func at(_ section: Int, _ item: Int) -> IndexPath {
  IndexPath(indexes: [section, item])
}

/// An item move from one index path to another.
func move(_ from: IndexPath, _ to: IndexPath) -> BatchUpdate.ItemMove {
  BatchUpdate.ItemMove(from: from, to: to)
}

/// Expects the simulator to reject `update` with `rule`, with a message containing every
/// fragment. Returns the error for further checks.
@discardableResult
func expectRejection(
  _ update: BatchUpdate,
  from old: Snapshot,
  to new: Snapshot,
  rule: BatchUpdateError.Rule,
  mentioning fragments: [String],
  sourceLocation: SourceLocation = #_sourceLocation
) -> BatchUpdateError? {
  do {
    let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
    Issue.record(
      "expected a rejection with rule \(rule), but the batch replays:\n\(replay)",
      sourceLocation: sourceLocation)
    return nil
  } catch {
    #expect(error.rule == rule, "\(error)", sourceLocation: sourceLocation)
    for fragment in fragments {
      #expect(
        error.message.contains(fragment), "the message lacks \(fragment): \(error.message)",
        sourceLocation: sourceLocation)
    }
    return error
  }
}

/// The identifiers of a replayed section's cells, in order.
func identifiers(of section: Replay.Section) -> [String] {
  section.cells.map(\.identifier)
}
