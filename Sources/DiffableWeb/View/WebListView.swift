import DiffableDataSource
import Foundation

/// The server side of a collection view shown in a browser page: a `ListView` a diffable
/// data source drives, which forwards every reload and batch to the page as protocol
/// messages (`Docs/WebProtocol.md`) and answers the page's requests.
///
/// The page is virtualized: it reports the rows it shows (its window) and asks for their
/// contents, so the data source's cell provider runs only for those rows. The view keeps
/// the cells of those rows, so a reconfigure runs the provider on the same cell object.
///
/// Create views through a ``WebSession``; each has a name the page uses to address it.
public final class WebListView: ListView {
  /// The name the page addresses this view by.
  public let name: String
  /// The data source the view pulls from.
  public weak var dataSource: (any ListViewDataSource)?
  /// Receives selections and accessory activations.
  public weak var delegate: (any ListViewDelegate)?
  /// How each section is laid out, given its index and identifier. The default is an inset
  /// grouped list.
  public var sectionLayoutProvider: (Int, ListIdentifier) -> SectionLayout = {
    _, _ in .list(ListLayoutConfiguration(appearance: .insetGrouped))
  }
  /// Called after each batch is sent, with the batch: a hook for logs and demo panels.
  public var didSendBatch: ((BatchUpdate) -> Void)?

  /// The sequence number of the last structure or batch sent.
  public internal(set) var seq = 0
  /// How many times a cell was pulled from the data source.
  public private(set) var cellProviderCalls = 0
  /// The sequence number the page last acknowledged.
  public internal(set) var acknowledgedSeq = 0
  /// The reasons of the newest 32 mismatches the page reported, oldest first, each cut to
  /// its first 256 bytes (with "…" when cut).
  public internal(set) var mismatches: [String] = []

  /// How many cells of rows the page holds are kept (for reconfigures): those the page
  /// asked for and those batches sent, up to 10,000 (up to twice its window's rows when
  /// batches made them) and then those of its window; fewer once a ``WebServer``'s
  /// views together keep more than ``WebServer/Configuration/maximumTotalLiveCells``.
  public var liveCellCount: Int { liveCells.count }
  /// How many times a reconfigure ran the provider on a cell the page already had.
  public internal(set) var reusedCellCount = 0

  /// The rows the page shows, in the coordinates of `seq`.
  public internal(set) var window: [WireRange] = []
  /// The cells of the rows the page holds, by item identity.
  var liveCells: [ListIdentifier: ListCell] = [:] {
    didSet { cellsOverShare = cellClaim?.keep(liveCells.count) ?? false }
  }
  /// This view's part of the server's budget of live cells, counted in cells.
  var cellClaim: ByteBudgetClaim? {
    didSet { cellsOverShare = cellClaim?.keep(liveCells.count) ?? false }
  }
  /// Whether the view keeps more cells than its share of an overdrawn budget.
  private(set) var cellsOverShare = false
  /// Whether the view gave back cells of its window since its last structure.
  var hasShedCells = false
  /// The selected item, by identity.
  var selectedItem: ListIdentifier?
  /// The index path being reconfigured, whose live cell `dequeue` hands back.
  var reconfiguring: IndexPath?
  /// The messages the page may lack, when the session can be resumed (`nil` otherwise).
  var resumeLog: ResumeLog?
  /// The snapshot as of the last message sent before the connection dropped.
  var resumeBase: (seq: Int, snapshot: any ResumeBase)?
  let send: (ServerMessage) -> Void
  /// Whether the session started talking to the page (before that, only state changes).
  let started: () -> Bool
  var isStarted: Bool { started() }

  init(
    name: String, send: @escaping (ServerMessage) -> Void,
    started: @escaping () -> Bool
  ) {
    self.name = name
    self.send = send
    self.started = started
  }

  // MARK: ListView

  /// Sends the page a new structure; it starts again from it.
  public func reloadData() {
    seq += 1
    liveCells = [:]
    hasShedCells = false
    send(.structure(view: name, seq: seq, sections: sections()))
  }

  /// Sends the batch with the new structure and the contents of changed rows in the page's
  /// window. The completion runs once the batch is sent; the page animates on its own.
  public func performBatchUpdates(
    _ update: BatchUpdate, animated: Bool, completion: (() -> Void)?
  ) {
    seq += 1
    var cells: [WirePlacedCell] = []
    let reconfigured = Set(update.reconfiguredItems.positions.map(WireIndexPath.init))
    // Inserted and reconfigured rows in the window travel with the batch. A reloaded row
    // is named in old coordinates; the page asks for its new cell, which is a new object
    // because only a reconfigure hands back a live cell.
    let changed =
      update.insertedItems.positions.map(WireIndexPath.init)
      + update.reconfiguredItems.positions.map(WireIndexPath.init)
    let sectionCounts = numberOfItemsBySection()
    for path in changed where isInWindow(path) && isValid(path, counts: sectionCounts) {
      if reconfigured.contains(path) { reconfiguring = path.indexPath }
      cells.append(WirePlacedCell(indexPath: path, cell: pullCell(at: path)))
      reconfiguring = nil
    }
    // The cells of rows this batch deleted cannot be found by identity (the data source
    // holds the new snapshot), so past the cap every cell outside the window goes; without
    // it, a list that churns inside a window the page never reports again kept a cell for
    // every row ever inserted there. The cap is at least twice the window's rows, so that
    // each walk of the window is paid for by as many new cells, not by every batch.
    if liveCells.count > ClientMessage.maximumWindowRows,
      liveCells.count > 2 * window.reduce(0, { $0 + max(0, $1.end - $1.start) })
    {
      evictCellsOutsideWindow()
    }
    shedLiveCellsOverShare()
    send(
      .batch(
        view: name, seq: seq, animated: animated, update: WireBatch(update),
        sections: sections(), cells: cells))
    didSendBatch?(update)
    completion?()
  }

  /// During a reconfigure, the live cell of that row; otherwise `nil` (make a new one).
  public func dequeueReusableCell(
    withReuseIdentifier reuseIdentifier: String, for indexPath: IndexPath
  ) -> ListCell? {
    guard indexPath == reconfiguring,
      let id = dataSource?.listView(self, identifierForItemAt: indexPath),
      let cell = liveCells[id], cell.reuseIdentifier == reuseIdentifier
    else { return nil }
    reusedCellCount += 1
    return cell
  }

  /// Always `nil`: headers are made afresh (there are few).
  public func dequeueReusableSupplementaryView(
    ofKind elementKind: String, withReuseIdentifier reuseIdentifier: String,
    for indexPath: IndexPath
  ) -> ListCell? { nil }

  /// Selects the item at `indexPath` from code (or clears the selection): the rows whose
  /// state changes are refreshed in place on the page.
  public func selectItem(at indexPath: IndexPath?) {
    guard let dataSource else { return }
    let item = indexPath.map { dataSource.listView(self, identifierForItemAt: $0) }
    guard item != selectedItem else { return }
    var affected: [IndexPath] = []
    if let previous = selectedItem, let path = indexPathOfLiveCell(previous) {
      affected.append(path)
    }
    if let indexPath { affected.append(indexPath) }
    selectedItem = item
    guard isStarted else { return }
    performBatchUpdates(
      BatchUpdate(reconfiguredItems: affected.sorted()), animated: false, completion: nil)
  }

  /// The selected item's description, for tests.
  public var selectedItemForTesting: String? { selectedItem?.description }

  /// Where a row the page holds is now, found among the window's rows.
  func indexPathOfLiveCell(_ item: ListIdentifier) -> IndexPath? {
    guard let dataSource else { return nil }
    let sectionCount = dataSource.numberOfSections(in: self)
    // The window is the page's last report, which can predate a batch just applied (a
    // selection cleared because its row was deleted): only rows that still exist are asked.
    for range in window where range.section < sectionCount {
      let count = dataSource.listView(self, numberOfItemsInSection: range.section)
      for row in range.start..<max(range.start, min(range.end, count)) {
        let path = IndexPath(indexes: [range.section, row])
        if dataSource.listView(self, identifierForItemAt: path) == item { return path }
      }
    }
    return nil
  }

  // MARK: State the page needs

  func sections() -> [WireSection] {
    guard let dataSource else { return [] }
    return (0..<dataSource.numberOfSections(in: self)).map { section in
      let identifier = dataSource.listView(self, identifierForSectionAt: section)
      let layout = sectionLayoutProvider(section, identifier)
      var header: WireCell?
      if case .list(let configuration) = layout, configuration.headerMode == .supplementary,
        let view = dataSource.listView(
          self, viewForSupplementaryElementOfKind: ListElementKind.header,
          at: IndexPath(indexes: [section, 0]))
      {
        header = WireCell(
          id: "header-\(section)", configuration: view.contentConfiguration,
          accessories: view.accessories, selected: false, outline: nil, swipe: nil)
      }
      return WireSection(
        id: identifier.description,
        count: dataSource.listView(self, numberOfItemsInSection: section),
        layout: layout.rendererDescription, header: header)
    }
  }

  func numberOfItemsBySection() -> [Int] {
    guard let dataSource else { return [] }
    return (0..<dataSource.numberOfSections(in: self)).map {
      dataSource.listView(self, numberOfItemsInSection: $0)
    }
  }

  func isValid(_ path: WireIndexPath, counts: [Int]) -> Bool {
    counts.indices.contains(path.section) && path.item >= 0 && path.item < counts[path.section]
  }

  func isInWindow(_ path: WireIndexPath) -> Bool {
    Self.window(window, contains: path)
  }

  /// Whether a row lies in one of `window`'s ranges, which must be sorted by section and
  /// start and disjoint, as ``clippedAndMerged(_:counts:)`` leaves them.
  ///
  /// A batch asks this of every row it inserts or reconfigures: scanning the ranges made a
  /// batch of 100,000 inserts against a window of 1,000 one-row ranges 10^8 comparisons.
  ///
  /// - Complexity: O(log *r*) for *r* ranges.
  static func window(_ window: [WireRange], contains path: WireIndexPath) -> Bool {
    // The first range that starts after the row; the one before it is the only candidate.
    var low = 0
    var high = window.count
    while low < high {
      let middle = low + (high - low) / 2
      let range = window[middle]
      if (range.section, range.start) <= (path.section, path.item) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    guard low > 0 else { return false }
    let candidate = window[low - 1]
    return candidate.section == path.section && path.item < candidate.end
  }

  /// Runs the cell provider for a row and describes the cell for the page.
  func pullCell(at path: WireIndexPath) -> WireCell {
    guard let dataSource else {
      preconditionFailure("WebListView.pullCell(at:): no data source")
    }
    let indexPath = path.indexPath
    cellProviderCalls += 1
    let id = dataSource.listView(self, identifierForItemAt: indexPath)
    let cell = dataSource.listView(self, cellForItemAt: indexPath)
    liveCells[id] = cell
    let outlineState = dataSource.listView(self, outlineStateForItemAt: indexPath)
    // The server knows selection and expansion; the page passes its own states (focus,
    // highlight, an open swipe, editing) to a custom renderer.
    var state = cell.configurationState
    state.isSelected = id == selectedItem
    state.isExpanded = outlineState?.isExpanded ?? false
    cell.applyConfigurationState(state)
    let outline = outlineState.map {
      WireCell.Outline(level: $0.level, hasChildren: $0.hasChildren, isExpanded: $0.isExpanded)
    }
    return WireCell(
      id: id.description, configuration: cell.contentConfiguration, accessories: cell.accessories,
      selected: id == selectedItem, outline: outline, swipe: swipeActions(at: indexPath))
  }

  /// The cell the page holds for a row, if any: a row of the window whose cell the view
  /// gave back (``shedLiveCellsOverShare()``) gets one made anew, so that what the page
  /// activates on it still works; a row whose cell the page never received has none.
  ///
  /// - Precondition: `path` is a row of the current state.
  func liveCell(at path: WireIndexPath) -> ListCell? {
    guard let dataSource else { return nil }
    let id = dataSource.listView(self, identifierForItemAt: path.indexPath)
    if let cell = liveCells[id] { return cell }
    guard hasShedCells, isInWindow(path) else { return nil }
    _ = pullCell(at: path)
    return liveCells[id]
  }

  /// After the page changed the selection: the cells of the rows whose selection changed
  /// restyle themselves for it (`updateConfiguration(using:)`), and the rows whose content
  /// or accessories then differ are refreshed in place. Nothing is sent when nothing
  /// changed (re-selecting the selected row), so the page's next messages stay current.
  func restyleAfterSelection(_ items: [ListIdentifier?]) {
    var paths: [IndexPath] = []
    for case let item? in Set(items.compactMap { $0 }) {
      guard let cell = liveCells[item] else { continue }
      var state = cell.configurationState
      state.isSelected = item == selectedItem
      guard state != cell.configurationState else { continue }
      let before = WireCell(
        id: "", configuration: cell.contentConfiguration, accessories: cell.accessories,
        selected: false, outline: nil, swipe: nil)
      cell.applyConfigurationState(state)
      let after = WireCell(
        id: "", configuration: cell.contentConfiguration, accessories: cell.accessories,
        selected: false, outline: nil, swipe: nil)
      if after != before, let path = indexPathOfLiveCell(item) { paths.append(path) }
    }
    guard !paths.isEmpty, isStarted else { return }
    performBatchUpdates(
      BatchUpdate(reconfiguredItems: paths.sorted()), animated: false, completion: nil)
  }

  func swipeActions(at indexPath: IndexPath) -> WireCell.Swipe? {
    guard let configuration = listConfiguration(forSection: indexPath[0]) else { return nil }
    let leading = configuration.swipeActionsConfiguration(for: .leading, at: indexPath)
    let trailing = configuration.swipeActionsConfiguration(for: .trailing, at: indexPath)
    guard leading != nil || trailing != nil else { return nil }
    return WireCell.Swipe(
      leading: leading?.rendererDescription, trailing: trailing?.rendererDescription)
  }

  func listConfiguration(forSection section: Int) -> ListLayoutConfiguration? {
    guard let dataSource else { return nil }
    let identifier = dataSource.listView(self, identifierForSectionAt: section)
    if case .list(let configuration) = sectionLayoutProvider(section, identifier) {
      return configuration
    }
    return nil
  }
}
