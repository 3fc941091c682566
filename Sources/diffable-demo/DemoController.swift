import DiffableWeb

/// One page's demo: a collection view with three sections, as in WWDC20's sample.
final class DemoController {
  enum Section: String, Hashable, Sendable { case row, outline, list }

  /// Items are distinct across sections: the row's cards, the outline's nodes, the list's
  /// entries.
  enum Item: Hashable, Sendable, CustomStringConvertible {
    case card(Int)
    case node(String)
    case entry(Int)

    var description: String {
      switch self {
      case .card(let number): "card-\(number)"
      case .node(let name): "node-\(name)"
      case .entry(let number): "entry-\(number)"
      }
    }
  }

  let session: WebSession
  let listView: WebListView
  var dataSource: CollectionViewDiffableDataSource<Section, Item>!
  var entries: [Int] = Array(1...40)
  var nextEntry = 41
  var starred: Set<Int> = []
  var revisions: [Int: Int] = [:]
  var random = SystemRandomNumberGenerator()
  /// When the apply of the list now running began (``applyEntries(marking:)``), so that
  /// `lastBatch` can say how long the server took.
  var applyStarted: ContinuousClock.Instant?

  init(session: WebSession) {
    self.session = session
    listView = session.makeListView(named: "demo")
    // Unowned: the view is the controller's, and a strong capture would keep both alive
    // after the session closes (LeakSanitizer found the cycle through DiffableDemoTests).
    listView.sectionLayoutProvider = { [unowned self] index, _ in
      switch index {
      case 0: .horizontalRow(itemWidth: .absolute(150), itemHeight: .absolute(96), spacing: 12)
      case 1: .list(ListLayoutConfiguration(appearance: .sidebar))
      default: .list(Self.listConfiguration(self))
      }
    }
    listView.didSendBatch = { [weak self] update in
      guard let self else { return }
      var payload: [String: JSONValue] = ["text": .string(update.description)]
      // For an apply of the list, the server's time from the apply to the batch queued for
      // the page: the diff, the cells of changed rows in the page's window, the JSON.
      if let started = self.applyStarted {
        payload["applyMs"] = .number(Self.milliseconds(since: started))
      }
      self.session.sendApp("lastBatch", payload: .object(payload))
    }
    let cards = CellRegistration<ListCell, Int> { cell, _, number in
      cell.contentConfiguration = DemoCard(
        title: "Card \(number)", topic: ["Layout", "Diffing", "Outline", "Reorder"][number % 4],
        done: number % 5, total: 4)
    }
    let nodes = CellRegistration<ListCell, String> { cell, _, name in
      var content = ListContentConfiguration.sidebarCell()
      content.text = name
      cell.contentConfiguration = content
      cell.accessories = Self.outlineChildren[name] != nil ? [.outlineDisclosure()] : []
    }
    let rows = CellRegistration<ListCell, Int> { [unowned self] cell, _, number in
      var content = ListContentConfiguration.cell()
      let revision = self.revisions[number, default: 0]
      content.text = revision == 0 ? "Entry \(number)" : "Entry \(number) (revision \(revision))"
      cell.contentConfiguration = content
      cell.accessories =
        (self.starred.contains(number)
          ? [
            CellAccessory.symbol(
              "heart.fill", accessibilityLabel: "Favorite", tintColor: .systemPink)
          ] : [])
        + [.reorder()]
    }
    dataSource = CollectionViewDiffableDataSource(collectionView: listView) {
      view, indexPath, item in
      switch item {
      case .card(let number):
        view.dequeueConfiguredReusableCell(using: cards, for: indexPath, item: number)
      case .node(let name):
        view.dequeueConfiguredReusableCell(using: nodes, for: indexPath, item: name)
      case .entry(let number):
        view.dequeueConfiguredReusableCell(using: rows, for: indexPath, item: number)
      }
    }
    dataSource.reorderingHandlers.canReorderItem = { item in
      if case .entry = item { true } else { false }
    }
    dataSource.reorderingHandlers.didReorder = { [unowned self] transaction in
      self.entries = transaction.finalSnapshot.itemIdentifiers(inSection: .list).compactMap {
        if case .entry(let number) = $0 { number } else { nil }
      }
    }
    session.appMessageHandler = { [unowned self] name, payload in
      guard name == "command", let command = payload["command"]?.stringValue else { return }
      self.perform(command)
    }
    loadInitialState()
  }

  static let outlineChildren: [String: [String]] = [
    "Lists": ["Plain", "Grouped", "Inset Grouped", "Sidebar"],
    "Grids": ["Columns", "Adaptive"],
    "Outlines": ["Expand", "Collapse", "Lazy Children"],
  ]

  func loadInitialState() {
    var snapshot = DiffableDataSourceSnapshot<Section, Item>()
    snapshot.appendSections([.row, .outline, .list])
    snapshot.appendItems((1...12).map(Item.card), toSection: .row)
    snapshot.appendItems(entries.map(Item.entry), toSection: .list)
    dataSource.applySnapshotUsingReloadData(snapshot)
    var outline = DiffableDataSourceSectionSnapshot<Item>()
    for parent in ["Lists", "Grids", "Outlines"] {
      outline.append([.node(parent)])
      outline.append(Self.outlineChildren[parent]!.map { .node($0) }, to: .node(parent))
    }
    outline.expand([.node("Lists")])
    dataSource.apply(outline, to: .outline, animatingDifferences: false)
  }

  static func listConfiguration(_ controller: DemoController?) -> ListLayoutConfiguration {
    var configuration = ListLayoutConfiguration(appearance: .insetGrouped)
    configuration.trailingSwipeActionsConfigurationProvider = { [weak controller] indexPath in
      guard let controller,
        case .entry(let number)? = controller.dataSource.itemIdentifier(for: indexPath)
      else { return nil }
      let delete = ContextualAction(style: .destructive, title: "Delete") { _, completion in
        controller.entries.removeAll { $0 == number }
        controller.applyEntries()
        completion(true)
      }
      return SwipeActionsConfiguration(actions: [delete])
    }
    return configuration
  }

  func applyEntries(
    marking marks: (inout DiffableDataSourceSnapshot<Section, Item>) -> Void = { _ in }
  ) {
    var snapshot = dataSource.snapshot()
    snapshot.deleteItems(snapshot.itemIdentifiers(inSection: .list))
    snapshot.appendItems(entries.map(Item.entry), toSection: .list)
    marks(&snapshot)
    applyStarted = .now
    defer { applyStarted = nil }
    dataSource.apply(snapshot, animatingDifferences: entries.count < 5_000)
  }

  static func milliseconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = start.duration(to: .now).components
    return Double(elapsed.seconds) * 1_000 + Double(elapsed.attoseconds) / 1e15
  }

  /// Changes 1% of the entries (at least two): half of that many deleted at random, as many
  /// new ones inserted at random places, so the count stays. The browser benchmark's batch.
  func churnEntries() {
    let half = max(1, entries.count / 200)
    for _ in 0..<min(half, entries.count) {
      entries.remove(at: Int.random(in: 0..<entries.count, using: &random))
    }
    for _ in 0..<half {
      entries.insert(nextEntry, at: Int.random(in: 0...entries.count, using: &random))
      nextEntry += 1
    }
    applyEntries()
  }

  func perform(_ command: String) {
    switch command {
    case "insert":
      entries.insert(nextEntry, at: Int.random(in: 0...entries.count, using: &random))
      nextEntry += 1
      applyEntries()
    case "delete":
      guard !entries.isEmpty else { return }
      entries.remove(at: Int.random(in: 0..<entries.count, using: &random))
      applyEntries()
    case "shuffle":
      entries.shuffle(using: &random)
      applyEntries()
    case "reload":
      let chosen = Array(entries.shuffled(using: &random).prefix(3))
      for number in chosen { revisions[number, default: 0] += 1 }
      applyEntries { $0.reloadItems(chosen.map(Item.entry)) }
    case "reconfigure":
      let chosen = Array(entries.shuffled(using: &random).prefix(3))
      for number in chosen where !starred.insert(number).inserted { starred.remove(number) }
      applyEntries { $0.reconfigureItems(chosen.map(Item.entry)) }
    case "big":
      entries = Array(1...100_000)
      nextEntry = 100_001
      applyEntries()
    case "medium":
      // No button: Benchmarks/Scripts/browser_perf.py sends it.
      entries = Array(1...10_000)
      nextEntry = 10_001
      applyEntries()
    case "churn":
      churnEntries()
    case "small", "reset":
      entries = Array(1...40)
      nextEntry = 41
      starred = []
      revisions = [:]
      applyEntries()
    case "report":
      // The list's order as the server's data source holds it (the first 200 entries),
      // so a page or a test can compare it with what it shows.
      let shown = dataSource.snapshot().itemIdentifiers(inSection: .list).prefix(200)
      session.sendApp(
        "state", payload: .object(["list": .array(shown.map { .string($0.description) })]))
    default:
      session.sendApp(
        "error", payload: .object(["text": .string("unknown command \(command.prefix(80))")]))
    }
  }
}
