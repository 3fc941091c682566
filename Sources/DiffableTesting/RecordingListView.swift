import DiffableDataSource

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A headless list view for tests: it keeps its own model of what it shows, checks every
/// batch with ``BatchUpdateSimulator`` the way a collection view would, records the calls
/// it receives, and holds real cell objects, so a test can see which cells were kept,
/// replaced or reconfigured in place.
///
///     let view = RecordingListView()
///     let dataSource = CollectionViewDiffableDataSource<Section, Int>(collectionView: view) {
///       view, indexPath, item in
///       view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
///     }
///     dataSource.apply(snapshot)
///     #expect(view.rows == ["Alpha", "Beta"])
///
/// A batch that breaks a rule (or does not land on the data source's new state) is what
/// makes UIKit raise; by default the view stops the program the same way, with the
/// simulator's message. Set ``invalidBatchPolicy`` to ``InvalidBatchPolicy/record`` to
/// collect them in ``rejectedBatches`` instead (the view then reloads, as a recovering
/// view would).
@MainActor
public final class RecordingListView: ListView {
  /// A call the view received.
  public enum Call: Hashable, Sendable {
    /// `reloadData()`.
    case reloadData
    /// `performBatchUpdates(_:animated:completion:)`.
    case performBatchUpdates(BatchUpdate, animated: Bool)
  }

  /// What the view does with a batch the simulator rejects.
  public enum InvalidBatchPolicy: Sendable {
    /// Stop the program, as UIKit raises an exception.
    case stop
    /// Record the error in ``rejectedBatches`` and reload everything.
    case record
  }

  /// The data source the view pulls from.
  public weak var dataSource: (any ListViewDataSource)?
  /// Receives selection and accessory activations.
  public weak var delegate: (any ListViewDelegate)?
  /// The list layout: header mode, and the swipe actions per index path.
  public var listConfiguration: ListLayoutConfiguration?

  /// Every call received, in order.
  public private(set) var calls: [Call] = []
  /// The index paths of every cell pulled from the data source, in order.
  public private(set) var cellRequests: [IndexPath] = []
  /// The batches the simulator rejected (with ``InvalidBatchPolicy/record``).
  public private(set) var rejectedBatches: [BatchUpdateError] = []
  /// What to do with a batch that breaks a rule.
  public var invalidBatchPolicy: InvalidBatchPolicy = .stop

  /// The identifiers shown, as the view knows them.
  public internal(set) var model = DiffableDataSourceSnapshot<ListIdentifier, ListIdentifier>()
  /// The cells shown, by section.
  public internal(set) var cells: [[ListCell]] = []
  /// The section headers shown, one per section (`nil` where the data source gave none),
  /// when ``listConfiguration`` has ``ListLayoutConfiguration/HeaderMode/supplementary``
  /// headers; empty otherwise.
  public private(set) var headers: [ListCell?] = []
  /// Cells waiting to be reused, by reuse identifier.
  var reusePool: [String: [ListCell]] = [:]
  /// The index path being reconfigured, whose existing cell `dequeue` hands back.
  var reconfiguring: IndexPath?

  /// Creates an empty view with no data source.
  public init() {}

  // MARK: ListView

  /// Pulls every section, item and cell from the data source again.
  public func reloadData() {
    calls.append(.reloadData)
    for cell in cells.joined() { recycle(cell) }
    model = pullModel()
    cells = []
    for section in 0..<model.numberOfSections {
      cells.append(
        (0..<model.numberOfItems(inSectionAt: section)).map {
          pullCell(at: IndexPath(index: section).appending($0))
        })
    }
    pullHeaders()
  }

  /// Checks the batch with the simulator, then moves, keeps and replaces cells as a
  /// collection view would, and reconfigures the listed cells in place.
  public func performBatchUpdates(
    _ update: BatchUpdate, animated: Bool, completion: (@MainActor () -> Void)?
  ) {
    calls.append(.performBatchUpdates(update, animated: animated))
    defer { completion?() }
    let new = pullModel()
    let replay: BatchUpdateReplay<ListIdentifier, ListIdentifier>
    do {
      replay = try BatchUpdateSimulator.replay(update, from: model, to: new)
    } catch {
      switch invalidBatchPolicy {
      case .stop:
        preconditionFailure("RecordingListView: the data source sent an invalid batch: \(error)")
      case .record:
        rejectedBatches.append(error)
        reloadData()
        return
      }
    }
    // Which old cells carry over, by old position: flags rather than a set of cell
    // identities, as this runs for every row of every batch.
    var kept = cells.map { [Bool](repeating: false, count: $0.count) }
    var next: [[ListCell]] = []
    next.reserveCapacity(replay.sections.count)
    for (section, replayed) in replay.sections.enumerated() {
      var row: [ListCell] = []
      row.reserveCapacity(replayed.cells.count)
      let sectionPath = IndexPath(index: section)
      for (item, cell) in replayed.cells.enumerated() {
        if !cell.origin.isFresh, let from = cell.origin.oldIndexPath {
          kept[from[0]][from[1]] = true
          row.append(cells[from[0]][from[1]])
        } else {
          row.append(pullCell(at: sectionPath.appending(item)))
        }
      }
      next.append(row)
    }
    for (section, flags) in kept.enumerated() {
      for (item, isKept) in flags.enumerated() where !isKept { recycle(cells[section][item]) }
    }
    cells = next
    model = new
    for indexPath in update.reconfiguredItems {
      reconfiguring = indexPath
      cells[indexPath[0]][indexPath[1]] = pullCell(at: indexPath)
      reconfiguring = nil
    }
    pullHeaders()
  }

  /// During a reconfigure, the cell already shown at `indexPath`; otherwise a pooled one.
  public func dequeueReusableCell(
    withReuseIdentifier reuseIdentifier: String, for indexPath: IndexPath
  ) -> ListCell? {
    if indexPath == reconfiguring {
      let existing = cells[indexPath[0]][indexPath[1]]
      if existing.reuseIdentifier == reuseIdentifier { return existing }
    }
    return reusePool[reuseIdentifier]?.popLast()
  }

  /// A pooled supplementary view, or `nil`.
  public func dequeueReusableSupplementaryView(
    ofKind elementKind: String, withReuseIdentifier reuseIdentifier: String,
    for indexPath: IndexPath
  ) -> ListCell? {
    reusePool[reuseIdentifier]?.popLast()
  }

  // MARK: Pulling from the data source

  func pullModel() -> DiffableDataSourceSnapshot<ListIdentifier, ListIdentifier> {
    var snapshot = DiffableDataSourceSnapshot<ListIdentifier, ListIdentifier>()
    guard let dataSource else { return snapshot }
    for section in 0..<dataSource.numberOfSections(in: self) {
      let identifier = dataSource.listView(self, identifierForSectionAt: section)
      snapshot.appendSections([identifier])
      let count = dataSource.listView(self, numberOfItemsInSection: section)
      let items = dataSource.listView(self, identifiersOfItemsInSection: section)
      precondition(
        items.count == count,
        "RecordingListView: the data source lists \(items.count) identifiers in section "
          + "\(section) but reports \(count) items")
      snapshot.appendItems(items, toSection: identifier)
    }
    return snapshot
  }

  func pullCell(at indexPath: IndexPath) -> ListCell {
    guard let dataSource else {
      preconditionFailure("RecordingListView: asked for a cell at \(indexPath) with no data source")
    }
    cellRequests.append(indexPath)
    return dataSource.listView(self, cellForItemAt: indexPath)
  }

  /// Headers are few: pulled again for every section after each change.
  func pullHeaders() {
    for header in headers.compactMap({ $0 }) { recycle(header) }
    headers = []
    guard listConfiguration?.headerMode == .supplementary, let dataSource else { return }
    headers = (0..<model.numberOfSections).map {
      dataSource.listView(
        self, viewForSupplementaryElementOfKind: ListElementKind.header,
        at: IndexPath(indexes: [$0, 0]))
    }
  }

  func recycle(_ cell: ListCell) {
    guard let reuseIdentifier = cell.reuseIdentifier else { return }
    cell.prepareForReuse()
    reusePool[reuseIdentifier, default: []].append(cell)
  }
}
