import DiffableWeb
import Foundation
import FuzzSupport

/// libFuzzer's entry point: plays the bytes, one line per text frame, as a page talking to
/// a started session. The session's view shows three sections (an outline, 100,000 rows,
/// and a short list with swipe actions and accessories) and the app answers selections,
/// accessories, swipes, reorders and `app` messages by applying new snapshots, so the
/// page's messages drive batches through its window. Nothing a page sends may trap, and
/// everything the session sends must be JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSession(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  // libFuzzer calls this on the main thread, which is the main actor's.
  MainActor.assumeIsolated {
    let app = FuzzApp()
    for line in text.split(separator: "\n") { app.session.receive(String(line)) }
    app.check()
  }
  return 0
}

private let bigCount = 100_000
private let outlineRoots = Array(1_000_000..<1_000_005)
private let smallItems = Array(2_000_000..<2_000_012)

/// The sections with their rows, built once: every input starts from it.
private let initialSnapshot: DiffableDataSourceSnapshot<String, Int> = {
  var snapshot = DiffableDataSourceSnapshot<String, Int>()
  snapshot.appendSections(["outline", "big", "small"])
  snapshot.appendItems(outlineRoots, toSection: "outline")
  snapshot.appendItems(Array(0..<bigCount), toSection: "big")
  snapshot.appendItems(smallItems, toSection: "small")
  return snapshot
}()

/// An outline whose first root has children, one of which has its own.
private let initialOutline: DiffableDataSourceSectionSnapshot<Int> = {
  var outline = DiffableDataSourceSectionSnapshot<Int>()
  outline.append(outlineRoots)
  outline.append([1_100_000, 1_100_001], to: outlineRoots[0])
  outline.append([1_200_000], to: 1_100_000)
  outline.append([1_100_002], to: outlineRoots[2])
  return outline
}()

/// The app side of one session, as small as it can be while reacting to everything a
/// page can send.
@MainActor
private final class FuzzApp: @MainActor ListViewDelegate {
  let session: WebSession
  let view: WebListView
  let dataSource: CollectionViewDiffableDataSource<String, Int>
  var nextItem = 3_000_000
  var sent = 0
  var malformedOutput: String?

  init() {
    let output = Output()
    session = WebSession(id: 1) { text in output.receive(text) }
    // Refusals are logged at notice level; at the fuzzer's pace that is only noise.
    session.logger.logLevel = .critical
    view = session.makeListView(named: "list")
    let favorites = Favorites()
    let registration = CellRegistration<ListCell, Int> { cell, _, id in
      var content = cell.defaultContentConfiguration()
      content.text = "Item \(id)"
      cell.contentConfiguration = content
      cell.accessories =
        (favorites.ids.contains(id) ? [.symbol("heart.fill")] : [])
        + (id >= 1_000_000 && id < 2_000_000 ? [.outlineDisclosure()] : [.delete()])
    }
    dataSource = CollectionViewDiffableDataSource(collectionView: view) { view, path, id in
      view.dequeueConfiguredReusableCell(using: registration, for: path, item: id)
    }
    let headers = SupplementaryRegistration<ListCell>(elementKind: ListElementKind.header) {
      header, _, indexPath in
      var content = header.defaultContentConfiguration()
      content.text = "Section \(indexPath[0])"
      header.contentConfiguration = content
    }
    dataSource.supplementaryViewProvider = { view, _, indexPath in
      view.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath)
    }
    self.output = output
    self.favoriteStore = favorites
    output.app = self
    configure()
    // O(1): the rows are shared with `initialSnapshot`. The outline waits for an `outline`
    // app message, since applying it copies the 100,000 rows, and most inputs never use it.
    dataSource.applySnapshotUsingReloadData(initialSnapshot)
    session.start()
  }

  let output: Output
  let favoriteStore: Favorites

  /// What the session sends, checked as it goes out.
  @MainActor
  final class Output {
    weak var app: FuzzApp?

    func receive(_ text: String) {
      guard let app else { return }
      app.sent += 1
      let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      if object?["type"] == nil { app.malformedOutput = text }
    }
  }

  /// The favorites, shared with the registration's handler.
  @MainActor
  final class Favorites {
    var ids: Set<Int> = []
  }

  func configure() {
    view.delegate = self
    view.sectionLayoutProvider = { [weak self] section, _ in
      var configuration = ListLayoutConfiguration(appearance: .insetGrouped)
      configuration.headerMode = section == 2 ? .supplementary : .none
      configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
        SwipeActionsConfiguration(actions: [
          ContextualAction(style: .destructive, title: "Delete") { _, done in
            self?.delete(at: indexPath)
            done(true)
          }
        ])
      }
      configuration.leadingSwipeActionsConfigurationProvider = { indexPath in
        SwipeActionsConfiguration(actions: [
          ContextualAction(style: .normal, title: "Pin") { _, done in
            self?.pin(at: indexPath)
            done(true)
          }
        ])
      }
      return .list(configuration)
    }
    dataSource.reorderingHandlers.canReorderItem = { $0 % 7 != 3 }
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = { $0 != outlineRoots[4] }
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { [weak self] _, children in
      // A parent without children loads two, as a lazily filled outline would.
      guard children.items.isEmpty, let self else { return children }
      var loaded = DiffableDataSourceSectionSnapshot<Int>()
      loaded.append([self.nextItem, self.nextItem + 1])
      self.nextItem += 2
      return loaded
    }
    session.appMessageHandler = { [weak self] name, payload in
      self?.handleApp(name, payload)
    }
  }

  // MARK: The app's reactions

  func listView(_ listView: any ListView, didSelectItemAt indexPath: IndexPath) {
    toggleFavorite(at: indexPath)
  }

  func listView(
    _ listView: any ListView, didActivateAccessory accessory: CellAccessory,
    forItemAt indexPath: IndexPath
  ) {
    if case .delete = accessory.kind {
      delete(at: indexPath)
    } else {
      toggleFavorite(at: indexPath)
    }
  }

  func toggleFavorite(at indexPath: IndexPath) {
    guard let id = dataSource.itemIdentifier(for: indexPath) else { return }
    if favoriteStore.ids.remove(id) == nil { favoriteStore.ids.insert(id) }
    var snapshot = dataSource.snapshot()
    snapshot.reconfigureItems([id])
    dataSource.apply(snapshot)
  }

  func delete(at indexPath: IndexPath) {
    guard let id = dataSource.itemIdentifier(for: indexPath) else { return }
    var snapshot = dataSource.snapshot()
    snapshot.deleteItems([id])
    dataSource.apply(snapshot)
  }

  func pin(at indexPath: IndexPath) {
    guard let id = dataSource.itemIdentifier(for: indexPath) else { return }
    var snapshot = dataSource.snapshot()
    let section = snapshot.sectionIdentifiers[indexPath[0]]
    guard let first = snapshot.itemIdentifiers(inSection: section).first, first != id else {
      return
    }
    snapshot.moveItem(id, beforeItem: first)
    dataSource.apply(snapshot)
  }

  /// `app` messages: edits a page may ask the app for. Sizes come from the payload and are
  /// clamped, as an app must clamp anything a page sends.
  func handleApp(_ name: String, _ payload: JSONValue) {
    let amount: Int
    if case .number(let number) = payload, number.isFinite {
      amount = Int(max(0, min(number, 1_000)))
    } else {
      amount = 1
    }
    var snapshot = dataSource.snapshot()
    switch name {
    case "append":
      guard let section = snapshot.sectionIdentifiers.last else { return }
      snapshot.appendItems(Array(nextItem..<nextItem + amount), toSection: section)
      nextItem += amount
    case "deleteFirst":
      snapshot.deleteItems(Array(snapshot.itemIdentifiers.prefix(amount)))
    case "reverse":
      guard let section = snapshot.sectionIdentifiers.last else { return }
      let items = snapshot.itemIdentifiers(inSection: section)
      snapshot.deleteItems(items)
      snapshot.appendItems(items.reversed(), toSection: section)
    case "reconfigure":
      snapshot.reconfigureItems(Array(snapshot.itemIdentifiers.prefix(amount)))
    case "reload":
      snapshot.reloadItems(Array(snapshot.itemIdentifiers.suffix(amount)))
    case "moveSection":
      guard let first = snapshot.sectionIdentifiers.first,
        let last = snapshot.sectionIdentifiers.last, first != last
      else { return }
      snapshot.moveSection(first, afterSection: last)
    case "reloadSection":
      guard let section = snapshot.sectionIdentifiers.first else { return }
      snapshot.reloadSections([section])
    case "select":
      let path = IndexPath(indexes: [0, amount])
      view.selectItem(at: snapshot.itemIdentifier(at: path) == nil ? nil : path)
      return
    case "reset":
      dataSource.applySnapshotUsingReloadData(initialSnapshot)
      return
    case "outline":
      dataSource.apply(initialOutline, to: "outline")
      return
    case "expandAll":
      var outline = initialOutline
      outline.expand(outline.items)
      dataSource.apply(outline, to: "outline")
      return
    default:
      return
    }
    dataSource.apply(snapshot)
  }

  /// What holds after any conversation.
  func check() {
    if let malformedOutput {
      fuzzFailure("the session sent something that is not a message: \(malformedOutput)")
    }
    guard sent >= 1, view.seq >= 1, view.acknowledgedSeq <= view.seq, view.mismatches.count <= 32
    else {
      fuzzFailure(
        "after \(sent) messages: seq \(view.seq), acknowledged \(view.acknowledgedSeq), "
          + "\(view.mismatches.count) mismatches")
    }
  }
}
