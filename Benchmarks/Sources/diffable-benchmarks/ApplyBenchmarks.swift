import Diffable
import DiffableDataSource
import DiffableTesting

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The least a list view does with a batch: ask for the cells of the inserted rows. Shows
/// what the data source itself costs, apart from `RecordingListView`'s checks.
final class MinimalListView: ListView {
  weak var dataSource: (any ListViewDataSource)?

  func reloadData() {}

  func performBatchUpdates(
    _ update: BatchUpdate, animated: Bool, completion: (() -> Void)?
  ) {
    if let dataSource {
      for indexPath in update.insertedItems {
        blackHole(dataSource.listView(self, cellForItemAt: indexPath))
      }
    }
    completion?()
  }

  func dequeueReusableCell(withReuseIdentifier reuseIdentifier: String, for indexPath: IndexPath)
    -> ListCell?
  { nil }

  func dequeueReusableSupplementaryView(
    ofKind elementKind: String, withReuseIdentifier reuseIdentifier: String,
    for indexPath: IndexPath
  ) -> ListCell? { nil }
}

enum ApplyScenario: String, CaseIterable {
  /// `RecordingListView`, which replays every batch with `BatchUpdateSimulator`.
  case recordingView = "apply-1%"
  /// `MinimalListView`: the data source's own cost.
  case minimalView = "apply-1%-minimal-view"
}

/// A 10,000-item list in which 1% of the items change: 50 deleted and 50 inserted at random
/// positions. Applies alternate between the two states, so each is one 1% change.
@MainActor
func applyRow(_ scenario: ApplyScenario, _ settings: Settings) -> Row {
  let count = 10_000
  var random = SplitMix64(seed: seed("apply", "1%", count))
  let before = (0..<UInt64(count)).map { $0 }
  let deleted = Set(randomPositions(count / 200, of: count, &random))
  let kept = before.indices.filter { !deleted.contains($0) }.map { before[$0] }
  let added = (0..<UInt64(count / 200)).map { UInt64(count) + $0 }
  let after = scatter(added, into: kept, &random)
  let first = flatSnapshot(before.identifiers(Int.self))
  let second = flatSnapshot(after.identifiers(Int.self))

  let registration = CellRegistration<ListCell, Int> { cell, _, item in
    var content = ListContentConfiguration.cell()
    content.text = String(item)
    cell.contentConfiguration = content
  }
  let view: any ListView =
    scenario == .recordingView ? RecordingListView() : MinimalListView()
  let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) {
    view, indexPath, item in
    view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
  }
  dataSource.applySnapshotUsingReloadData(first)

  var showsFirst = true
  var diffFromFirst = true
  let medians = measure(
    [
      .timing("ours_ms") {
        MainActor.assumeIsolated {
          dataSource.apply(showsFirst ? second : first, animatingDifferences: false)
          showsFirst.toggle()
        }
      },
      .timing("diff_ms") {
        defer { diffFromFirst.toggle() }
        return diffFromFirst
          ? BatchUpdate(from: first, to: second) : BatchUpdate(from: second, to: first)
      },
    ], settings)
  blackHole(view)

  var row = Row(group: "apply", scenario: scenario.rawValue, ids: "Int", n: count)
  row.ours = medians["ours_ms"]
  row.baselines = [("diff_ms", medians["diff_ms"])]
  if scenario == .recordingView {
    row.checks.append(
      Check(
        name: "ours/diff", value: row.ours! / medians["diff_ms"]!, relation: .atMost, limit: 4))
  }
  return row
}
