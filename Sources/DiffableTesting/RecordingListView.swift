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
/// A diffable data source hands the view its snapshot (see
/// `ListViewDataSource.listView(_:visitSnapshot:)`), so batches are checked at the data
/// source's own identifier types, in time linear in the items but with no hashing; other
/// data sources are asked for every identifier, boxed as `ListIdentifier`.
///
/// A batch that breaks a rule (or does not land on the data source's new state) is what
/// makes UIKit raise; by default the view stops the program the same way, with the
/// simulator's message. Set ``invalidBatchPolicy`` to ``InvalidBatchPolicy/record`` to
/// collect them in ``rejectedBatches`` instead (the view then reloads, as a recovering
/// view would).
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

  /// Whether the list is in editing mode (UIKit: `UICollectionView.isEditing`). Accessories
  /// show by their `CellAccessory.displayed` state, and every shown cell restyles itself
  /// for the change (`ListCell.updateConfiguration(using:)`).
  public var isEditing = false {
    didSet {
      guard isEditing != oldValue else { return }
      for cell in cells.joined() {
        var state = cell.configurationState
        state.isEditing = isEditing
        cell.applyConfigurationState(state)
      }
    }
  }

  /// Every call received, in order.
  public private(set) var calls: [Call] = []
  /// The index paths of every cell pulled from the data source, in order.
  public private(set) var cellRequests: [IndexPath] = []
  /// The batches the simulator rejected (with ``InvalidBatchPolicy/record``).
  public private(set) var rejectedBatches: [BatchUpdateError] = []
  /// What to do with a batch that breaks a rule.
  public var invalidBatchPolicy: InvalidBatchPolicy = .stop

  /// The identifiers shown, as the view knows them.
  ///
  /// - Complexity: O(*n*) for *n* items when the data source hands over its own snapshot
  ///   (see `ListViewDataSource.listView(_:visitSnapshot:)`): the view keeps that snapshot
  ///   and boxes every identifier on each read.
  public var model: DiffableDataSourceSnapshot<ListIdentifier, ListIdentifier> { shown.erased }
  /// The model as the view keeps it.
  var shown: any ShownModel = TypedShownModel(
    snapshot: DiffableDataSourceSnapshot<ListIdentifier, ListIdentifier>())
  /// The cells shown, by section.
  ///
  /// - Complexity: O(*n*) for *n* cells: the view keeps them in its own storage.
  public var cells: [[ListCell]] { shownCells.all }
  /// The cells shown, as the view keeps them.
  let shownCells = CellRows()
  /// The section headers shown, one per section (`nil` where the data source gave none),
  /// when ``listConfiguration`` has `ListLayoutConfiguration.HeaderMode.supplementary`
  /// headers; empty otherwise.
  public private(set) var headers: [ListCell?] = []
  /// Cells waiting to be reused, by reuse identifier.
  var reusePool: [String: [ListCell]] = [:]
  /// The index path being reconfigured, whose existing cell `dequeue` hands back.
  var reconfiguring: IndexPath?
  /// Set while the view pulls cells and headers for a reload or a batch. The data source's
  /// providers run then, and must not reload, update or move the view again: the view is
  /// half rebuilt (UIKit raises in that case too).
  var isUpdating = false

  /// Creates an empty view with no data source.
  public init() {}

  // MARK: ListView

  /// Pulls every section, item and cell from the data source again.
  public func reloadData() {
    checkNotUpdating("reloadData()")
    isUpdating = true
    defer { isUpdating = false }
    calls.append(.reloadData)
    for cell in shownCells.removeAll() { recycle(cell) }
    shown = readModel()
    for section in 0..<shown.numberOfSections {
      shownCells.rows.append(
        (0..<shown.numberOfItems(inSectionAt: section)).map {
          shownCells.adopt(pullCell(at: IndexPath(index: section).appending($0)))
        })
    }
    pullHeaders()
  }

  /// Checks the batch with the simulator, then moves, keeps and replaces cells as a
  /// collection view would, and reconfigures the listed cells in place.
  public func performBatchUpdates(
    _ update: BatchUpdate, animated: Bool, completion: (() -> Void)?
  ) {
    checkNotUpdating("performBatchUpdates(_:animated:completion:)")
    calls.append(.performBatchUpdates(update, animated: animated))
    defer { completion?() }
    let (new, checked) = check(update)
    let placement: BatchUpdateSimulator.CellPlacement
    switch checked {
    case .success(let checked):
      placement = checked
    case .failure(let error):
      switch invalidBatchPolicy {
      case .stop:
        preconditionFailure("RecordingListView: the data source sent an invalid batch: \(error)")
      case .record:
        rejectedBatches.append(error)
        reloadData()
        return
      }
    }
    placeCells(placement, new: new, update: update)
  }

  /// Rebuilds the rows for a checked batch: carries each kept or moved cell over, pulls the
  /// inserted and reloaded ones, recycles the rest, and reconfigures the listed cells.
  ///
  /// Its two stops guard a placement that disagrees with the items shown (another count,
  /// or an old cell placed twice), which the simulator never returns; they are tested by
  /// calling this directly (`RecordingListViewPlacementTests`).
  func placeCells(
    _ placement: BatchUpdateSimulator.CellPlacement, new: any ShownModel, update: BatchUpdate
  ) {
    isUpdating = true
    defer { isUpdating = false }
    // Old cells are found by flattened position through their rows' starts, and flags
    // mark those that carry over: this runs for every row of every batch, through buffer
    // pointers (array subscripts check bounds, and a write checks uniqueness, per row).
    let oldRows = shownCells.rows
    var oldStarts = [0]
    oldStarts.reserveCapacity(oldRows.count + 1)
    for row in oldRows { oldStarts.append(oldStarts[oldStarts.count - 1] + row.count) }
    var carried = [Bool](repeating: false, count: oldStarts[oldStarts.count - 1])
    let newCount = (0..<new.numberOfSections).reduce(0) { $0 + new.numberOfItems(inSectionAt: $1) }
    precondition(
      placement.origins.count == newCount,
      "RecordingListView: the checked batch places \(placement.origins.count) cells, but the "
        + "data source shows \(newCount) items")
    var next: [[Unmanaged<ListCell>]] = []
    next.reserveCapacity(new.numberOfSections)
    var flat = 0
    // The old row that cells were last carried from, and its flattened range (none yet).
    var oldRow: [Unmanaged<ListCell>] = []
    var (rowStart, rowEnd) = (0, 0)
    for section in 0..<new.numberOfSections {
      let count = new.numberOfItems(inSectionAt: section)
      // With no room asked for, the initializer writes the count into the runtime's one
      // shared empty array, and ThreadSanitizer sees two views doing so at once as a race.
      guard count > 0 else {
        next.append([])
        continue
      }
      let sectionPath = IndexPath(index: section)
      // Filled in place: appending checks the row's uniqueness for every cell.
      let row = [Unmanaged<ListCell>](unsafeUninitializedCapacity: count) { cells, filled in
        placement.origins.withUnsafeBufferPointer { origins in
          carried.withUnsafeMutableBufferPointer { flags in
            for item in 0..<count {
              if let from = origins[flat].carriedCell {
                // Cells mostly carry over in order, so the last row found is usually right.
                if from < rowStart || from >= rowEnd {
                  let oldSection = BatchUpdateSimulator.section(ofFlat: from, starts: oldStarts)
                  oldRow = oldRows[oldSection]
                  (rowStart, rowEnd) = (oldStarts[oldSection], oldStarts[oldSection + 1])
                }
                // Read first: the row's checked subscript keeps `from` within the flags.
                let cell = oldRow[from &- rowStart]
                precondition(!flags[from], "RecordingListView: old cell \(from) placed twice")
                flags[from] = true
                cells.initializeElement(at: item, to: cell)
              } else {
                cells.initializeElement(
                  at: item, to: shownCells.adopt(pullCell(at: sectionPath.appending(item))))
              }
              filled = item &+ 1
              flat &+= 1
            }
          }
        }
      }
      next.append(row)
    }
    shownCells.rows = next
    carried.withUnsafeBufferPointer { flags in
      for (section, row) in oldRows.enumerated() {
        let start = oldStarts[section]
        for (item, cell) in row.enumerated() where !flags[start &+ item] {
          recycle(shownCells.release(cell))
        }
      }
    }
    shown = new
    for indexPath in update.reconfiguredItems {
      reconfiguring = indexPath
      let cell = pullCell(at: indexPath)
      reconfiguring = nil
      let (section, item) = (indexPath[0], indexPath[1])
      if cell !== shownCells[section, item] {
        // The provider made another cell: the old one is dropped, not reused. Stored first,
        // released after, so the rows never name a freed cell.
        let old = shownCells.rows[section][item]
        shownCells.rows[section][item] = shownCells.adopt(cell)
        _ = shownCells.release(old)
      }
    }
    pullHeaders()
  }

  func checkNotUpdating(_ method: StaticString) {
    precondition(
      !isUpdating,
      "RecordingListView.\(method): called while the view pulls cells for a reload or a "
        + "batch (from a cell or supplementary view provider?); the view is half rebuilt")
  }

  /// During a reconfigure, the cell already shown at `indexPath`; otherwise a pooled one.
  public func dequeueReusableCell(
    withReuseIdentifier reuseIdentifier: String, for indexPath: IndexPath
  ) -> ListCell? {
    if indexPath == reconfiguring {
      let existing = shownCells[indexPath[0], indexPath[1]]
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

  /// The data source's state: its own snapshot when it hands one over, else the
  /// identifiers pulled one section at a time.
  func readModel() -> any ShownModel {
    var reader = ModelReader()
    if let dataSource, dataSource.listView(self, visitSnapshot: &reader), let model = reader.model {
      checkCounts(of: model)
      return model
    }
    return TypedShownModel(snapshot: pullModel())
  }

  /// The data source's new state, and the batch checked from the shown state to it.
  func check(
    _ update: BatchUpdate
  ) -> (any ShownModel, Result<BatchUpdateSimulator.CellPlacement, BatchUpdateError>) {
    var checker = BatchChecker(update: update, old: shown)
    if let dataSource, dataSource.listView(self, visitSnapshot: &checker),
      let outcome = checker.outcome
    {
      checkCounts(of: outcome.model)
      return outcome
    }
    let new = TypedShownModel(snapshot: pullModel())
    return (new, BatchChecker.check(update, from: shown, to: new))
  }

  /// A snapshot handed over must agree with the counts the data source reports.
  func checkCounts(of model: any ShownModel) {
    guard let dataSource else { return }
    let sections = dataSource.numberOfSections(in: self)
    precondition(
      sections == model.numberOfSections,
      "RecordingListView: the data source's snapshot has \(model.numberOfSections) sections "
        + "but it reports \(sections)")
    for section in 0..<sections {
      let count = dataSource.listView(self, numberOfItemsInSection: section)
      precondition(
        count == model.numberOfItems(inSectionAt: section),
        "RecordingListView: the data source's snapshot has "
          + "\(model.numberOfItems(inSectionAt: section)) items in section \(section) but it "
          + "reports \(count)")
    }
  }

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
    let cell = dataSource.listView(self, cellForItemAt: indexPath)
    // Before it is shown, the cell styles itself for its state, as UIKit's do.
    var state = cell.configurationState
    state.isEditing = isEditing
    state.isExpanded =
      dataSource.listView(self, outlineStateForItemAt: indexPath)?.isExpanded ?? false
    cell.applyConfigurationState(state)
    return cell
  }

  /// Headers are few: pulled again for every section after each change.
  func pullHeaders() {
    for header in headers.compactMap({ $0 }) { recycle(header) }
    headers = []
    guard listConfiguration?.headerMode == .supplementary, let dataSource else { return }
    headers = (0..<shown.numberOfSections).map {
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
