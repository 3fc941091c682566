import DiffableWeb
import Foundation
import Testing

/// A session with one view named "list" driven by a collection data source of Ints,
/// collecting what it sends as parsed JSON.
@MainActor
final class WebFixture {
  var session: WebSession!
  let view: WebListView
  let dataSource: CollectionViewDiffableDataSource<String, Int>
  var stars: Set<Int> = []
  var selected: [IndexPath] = []

  init(items: [Int] = Array(0..<10), start: Bool = true) {
    let box = Box()
    session = WebSession(id: 1) { text in
      let object = try! JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
      box.messages.append(object)
    }
    view = session.makeListView(named: "list")
    let registration = CellRegistration<ListCell, Int> { [box] cell, _, id in
      var content = cell.defaultContentConfiguration()
      content.text = "Item \(id)"
      cell.contentConfiguration = content
      cell.accessories = box.stars.contains(id) ? [.symbol("heart.fill"), .delete()] : [.delete()]
    }
    dataSource = CollectionViewDiffableDataSource(collectionView: view) { view, path, id in
      view.dequeueConfiguredReusableCell(using: registration, for: path, item: id)
    }
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["main"])
    snapshot.appendItems(items)
    dataSource.applySnapshotUsingReloadData(snapshot)
    self.box = box
    if start { session.start() }
  }

  let box: Box!

  /// Shared with the closures the session and registration hold.
  @MainActor final class Box {
    var messages: [[String: Any]] = []
    var stars: Set<Int> = []
  }

  var messages: [[String: Any]] { box.messages }
  var last: [String: Any] { box.messages.last ?? [:] }
  var seq: Int { view.seq }

  func send(_ json: String) { session.receive(json) }

  /// Asks for the cells of section 0's `rows`, `chunk` rows per `cells` request.
  func requestCells(_ rows: Range<Int>, chunk: Int = 1_000) {
    for start in stride(from: rows.lowerBound, to: rows.upperBound, by: chunk) {
      let paths = (start..<min(start + chunk, rows.upperBound)).map { "[0,\($0)]" }
      send(
        #"{"v":1,"type":"cells","view":"list","seq":\#(seq),"indexPaths":["#
          + paths.joined(separator: ",") + "]}")
    }
  }
}

@MainActor
@Suite("WebListView and WebSession")
struct WebListViewTests {
  @Test func startSendsTheStructureOnly() {
    let fixture = WebFixture()
    #expect(fixture.messages.count == 1)
    #expect(fixture.last["type"] as? String == "structure")
    let sections = fixture.last["sections"] as! [[String: Any]]
    #expect(sections.map { $0["count"] as! Int } == [10])
    #expect(sections.map { $0["id"] as! String } == ["main"])
    #expect(fixture.view.cellProviderCalls == 0)
  }

  @Test func nothingIsSentBeforeStart() {
    let fixture = WebFixture(start: false)
    #expect(fixture.messages.isEmpty)
  }

  @Test func theCellProviderRunsOnlyForRequestedRows() {
    let fixture = WebFixture(items: Array(0..<100_000))
    fixture.send(
      #"{"v":1,"type":"cells","view":"list","seq":\#(fixture.seq),"indexPaths":[[0,0],[0,99999]]}"#)
    #expect(fixture.view.cellProviderCalls == 2)
    let cells = fixture.last["cells"] as! [[String: Any]]
    #expect(cells.map { ($0["cell"] as! [String: Any])["id"] as! String } == ["0", "99999"])
    let content = (cells[1]["cell"] as! [String: Any])["content"] as! [String: Any]
    #expect(content["text"] as? String == "Item 99999")
  }

  @Test func batchesCarryTheNewStructureAndCellsInTheWindow() {
    let fixture = WebFixture()
    fixture.send(
      #"{"v":1,"type":"window","view":"list","seq":\#(fixture.seq),"ranges":[{"section":0,"start":0,"end":5}]}"#
    )
    var snapshot = fixture.dataSource.snapshot()
    snapshot.insertItems([100], beforeItem: 0)
    snapshot.appendItems([101])
    fixture.dataSource.apply(snapshot)
    let batch = fixture.last
    #expect(batch["type"] as? String == "batch")
    #expect(batch["seq"] as? Int == fixture.view.seq)
    let update = batch["update"] as! [String: Any]
    #expect((update["insertedItems"] as! [[Int]]) == [[0, 0], [0, 11]])
    #expect((batch["sections"] as! [[String: Any]])[0]["count"] as? Int == 12)
    // Only the inserted row inside the window travels with the batch.
    let cells = batch["cells"] as! [[String: Any]]
    #expect(cells.map { $0["indexPath"] as! [Int] } == [[0, 0]])
    #expect(fixture.view.cellProviderCalls == 1)
  }

  /// The window's ranges are searched, not scanned, for each changed row (a batch of
  /// 100,000 inserts against 1,000 one-row ranges made 10^8 comparisons): the cells that
  /// travel are still exactly the changed rows in the window, at every range's edges and
  /// in both sections.
  @Test func batchCellsAreTheChangedRowsInAWindowOfManyRanges() {
    let fixture = WebFixture(items: [])
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["main", "second"])
    snapshot.appendItems(Array(0..<600), toSection: "main")
    snapshot.appendItems(Array(1_000..<1_400), toSection: "second")
    fixture.dataSource.apply(snapshot)
    // Rows 7k and 7k+1 of the first section, every fifth row of the second; ranges that
    // reach past a section's end (clipped), and one that names no section.
    var ranges = stride(from: 0, to: 620, by: 7).map { (0, $0, $0 + 2) }
    ranges += stride(from: 0, to: 440, by: 5).map { (1, $0, $0 + 1) } + [(1, 438, 470), (2, 0, 9)]
    let json = ranges.map { #"{"section":\#($0.0),"start":\#($0.1),"end":\#($0.2)}"# }
    fixture.send(
      #"{"v":1,"type":"window","view":"list","seq":\#(fixture.seq),"ranges":[\#(json.joined(separator: ","))]}"#
    )
    // Every third row of each section is new.
    var next = 10_000
    var changed = snapshot
    for section in ["main", "second"] {
      for (offset, item) in snapshot.itemIdentifiers(inSection: section).enumerated()
      where offset % 3 == 0 {
        changed.insertItems([next], beforeItem: item)
        next += 1
      }
    }
    fixture.dataSource.apply(changed)
    let batch = fixture.last
    let inserted = (batch["update"] as! [String: Any])["insertedItems"] as! [[Int]]
    #expect(inserted.count == 200 + 134)
    // The window was clipped to the rows there were when it came.
    let counts = [600, 400]
    let expected = inserted.filter { path in
      ranges.contains { range in
        range.0 == path[0] && path[1] >= range.1 && path[1] < min(range.2, counts[range.0])
      }
    }
    let cells = (batch["cells"] as! [[String: Any]]).map { $0["indexPath"] as! [Int] }
    #expect(cells == expected)
    // A range's last row ([0, 8] in 7...8) and first ([0, 28] in 28...29) both count.
    #expect(cells.contains([0, 8]) && cells.contains([0, 28]) && cells.count == 64)
  }

  @Test func reconfigureRunsTheProviderOnTheSameCellObject() {
    let fixture = WebFixture()
    let seq = fixture.seq
    fixture.send(
      #"{"v":1,"type":"window","view":"list","seq":\#(seq),"ranges":[{"section":0,"start":0,"end":5}]}"#
    )
    fixture.send(#"{"v":1,"type":"cells","view":"list","seq":\#(seq),"indexPaths":[[0,2]]}"#)
    fixture.box.stars = [2]
    var snapshot = fixture.dataSource.snapshot()
    snapshot.reconfigureItems([2])
    fixture.dataSource.apply(snapshot)
    let cells = fixture.last["cells"] as! [[String: Any]]
    let accessories = (cells[0]["cell"] as! [String: Any])["accessories"] as! [[String: Any]]
    #expect(accessories.map { $0["kind"] as! String } == ["symbol", "delete"])
    // The second configuration ran on the cell made for the first request.
    #expect(fixture.view.cellProviderCalls == 2)
    #expect(fixture.view.reusedCellCount == 1)
  }

  @Test func staleAndOutOfRangeMessagesChangeNothing() {
    let fixture = WebFixture()
    let before = fixture.dataSource.snapshot()
    fixture.send(#"{"v":1,"type":"select","view":"list","seq":99,"indexPath":[0,0]}"#)
    #expect(fixture.last["code"] as? String == "stale")
    #expect(fixture.last["view"] as? String == "list")
    #expect(fixture.last["seq"] as? Int == 99)
    fixture.send(
      #"{"v":1,"type":"cells","view":"list","seq":\#(fixture.seq),"indexPaths":[[0,10]]}"#)
    #expect(fixture.last["code"] as? String == "outOfRange")
    fixture.send(
      #"{"v":1,"type":"reorder","view":"list","seq":\#(fixture.seq),"from":[0,0],"to":[0,10]}"#)
    #expect(fixture.last["code"] as? String == "outOfRange")
    fixture.send(#"{"v":1,"type":"ack","view":"other","seq":1}"#)
    #expect(fixture.last["code"] as? String == "unknownView")
    fixture.send("[1,2,3]")
    #expect(fixture.last["code"] as? String == "malformed")
    #expect(fixture.dataSource.snapshot() == before)
    #expect(fixture.view.cellProviderCalls == 0)
    // Still working.
    fixture.send(
      #"{"v":1,"type":"cells","view":"list","seq":\#(fixture.seq),"indexPaths":[[0,9]]}"#)
    #expect(fixture.last["type"] as? String == "cells")
  }

  @Test func reorderReachesTheDataSourceOnlyWhenAllowed() {
    let fixture = WebFixture(items: [0, 1, 2, 3])
    let before = fixture.seq
    fixture.send(
      #"{"v":1,"type":"reorder","view":"list","seq":\#(fixture.seq),"from":[0,0],"to":[0,3]}"#)
    #expect(fixture.last["code"] as? String == "refused")
    var order: [Int] = []
    fixture.dataSource.reorderingHandlers.canReorderItem = { _ in true }
    fixture.dataSource.reorderingHandlers.didReorder = { order = $0.finalSnapshot.itemIdentifiers }
    fixture.send(
      #"{"v":1,"type":"reorder","view":"list","seq":\#(fixture.seq),"from":[0,0],"to":[0,3]}"#)
    #expect(order == [1, 2, 3, 0])
    #expect(fixture.dataSource.snapshot().itemIdentifiers == [1, 2, 3, 0])
    #expect(fixture.view.seq == before)  // no batch: the page already moved the row
  }

  @Test func mismatchSendsTheStructureAgain() {
    let fixture = WebFixture()
    let before = fixture.seq
    fixture.send(
      #"{"v":1,"type":"mismatch","view":"list","seq":\#(fixture.seq),"reason":"count 9 vs 10"}"#)
    #expect(fixture.last["type"] as? String == "structure")
    #expect(fixture.last["seq"] as? Int == before + 1)
    #expect(fixture.view.mismatches == ["seq \(before): count 9 vs 10"])
    fixture.send(#"{"v":1,"type":"ack","view":"list","seq":\#(fixture.seq)}"#)
    #expect(fixture.view.acknowledgedSeq == before + 1)
    // An ack that crossed a later batch is accepted; one for a seq never sent is not.
    fixture.dataSource.apply(
      fixture.dataSource.snapshot().withoutMarks, animatingDifferences: false)
    var snapshot = fixture.dataSource.snapshot()
    snapshot.appendItems([500])
    fixture.dataSource.apply(snapshot)
    fixture.send(#"{"v":1,"type":"ack","view":"list","seq":\#(before + 1)}"#)
    #expect(fixture.last["type"] as? String == "batch")
    fixture.send(#"{"v":1,"type":"ack","view":"list","seq":\#(fixture.seq + 5)}"#)
    #expect(fixture.last["code"] as? String == "stale")
    #expect(fixture.view.acknowledgedSeq == before + 1)
  }

  @Test func selectionAccessoriesAndSwipesReachTheApp() {
    let fixture = WebFixture(items: [0, 1, 2])
    final class Spy: ListViewDelegate {
      var events: [String] = []
      func listView(_ listView: any ListView, didSelectItemAt indexPath: IndexPath) {
        events.append("select \(indexPath)")
      }
      func listView(
        _ listView: any ListView, didActivateAccessory accessory: CellAccessory,
        forItemAt indexPath: IndexPath
      ) { events.append("accessory \(indexPath)") }
    }
    let spy = Spy()
    fixture.view.delegate = spy
    var swiped: [IndexPath] = []
    fixture.view.sectionLayoutProvider = { _, _ in
      var configuration = ListLayoutConfiguration(appearance: .plain)
      configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
        SwipeActionsConfiguration(actions: [
          ContextualAction(style: .destructive, title: "Delete") { _, done in
            swiped.append(indexPath)
            done(true)
          }
        ])
      }
      return .list(configuration)
    }
    fixture.send(#"{"v":1,"type":"select","view":"list","seq":\#(fixture.seq),"indexPath":[0,1]}"#)
    fixture.send(
      #"{"v":1,"type":"accessory","view":"list","seq":\#(fixture.seq),"indexPath":[0,1],"kind":"delete"}"#
    )
    #expect(fixture.last["code"] as? String == "refused")  // the page never received that cell
    fixture.send(
      #"{"v":1,"type":"cells","view":"list","seq":\#(fixture.seq),"indexPaths":[[0,1]]}"#)
    let cell = (fixture.last["cells"] as! [[String: Any]])[0]["cell"] as! [String: Any]
    #expect(cell["selected"] as? Bool == true)
    #expect(((cell["swipe"] as! [String: Any])["trailing"] as! [String: Any]).count > 0)
    fixture.send(
      #"{"v":1,"type":"accessory","view":"list","seq":\#(fixture.seq),"indexPath":[0,1],"kind":"delete"}"#
    )
    fixture.send(
      #"{"v":1,"type":"swipe","view":"list","seq":\#(fixture.seq),"indexPath":[0,2],"edge":"trailing","action":"Delete"}"#
    )
    fixture.send(
      #"{"v":1,"type":"swipe","view":"list","seq":\#(fixture.seq),"indexPath":[0,2],"edge":"leading","action":"Delete"}"#
    )
    #expect(fixture.last["code"] as? String == "refused")
    #expect(spy.events == ["select [0, 1]", "accessory [0, 1]"])
    #expect(swiped == [IndexPath(indexes: [0, 2])])
  }

  @Test func selectingFromCodeRefreshesTheRowsInPlace() {
    let fixture = WebFixture()
    fixture.send(
      #"{"v":1,"type":"window","view":"list","seq":\#(fixture.seq),"ranges":[{"section":0,"start":0,"end":5}]}"#
    )
    fixture.view.selectItem(at: IndexPath(indexes: [0, 1]))
    var update = fixture.last["update"] as! [String: Any]
    #expect(update["reconfiguredItems"] as? [[Int]] == [[0, 1]])
    var cell = (fixture.last["cells"] as! [[String: Any]])[0]["cell"] as! [String: Any]
    #expect(cell["selected"] as? Bool == true)
    fixture.view.selectItem(at: IndexPath(indexes: [0, 3]))
    update = fixture.last["update"] as! [String: Any]
    #expect(update["reconfiguredItems"] as? [[Int]] == [[0, 1], [0, 3]])
    cell = (fixture.last["cells"] as! [[String: Any]])[0]["cell"] as! [String: Any]
    #expect(cell["selected"] as? Bool == false)
    let count = fixture.messages.count
    fixture.view.selectItem(at: IndexPath(indexes: [0, 3]))  // already selected
    #expect(fixture.messages.count == count)
  }

  /// Regression: clearing the selection of a row a batch just removed looked it up in the
  /// page's last window, which still named rows past the new end, and stopped the server.
  @Test func clearingTheSelectionOfARemovedRowWithAStaleWindow() {
    let fixture = WebFixture(items: [0, 1, 2, 3, 4])
    fixture.send(
      #"{"v":1,"type":"window","view":"list","seq":\#(fixture.seq),"ranges":[{"section":0,"start":0,"end":5}]}"#
    )
    fixture.view.selectItem(at: IndexPath(indexes: [0, 4]))
    var snapshot = fixture.dataSource.snapshot()
    snapshot.deleteItems([4])
    fixture.dataSource.apply(snapshot)
    fixture.view.selectItem(at: nil)
    #expect(fixture.view.selectedItemForTesting == nil)
  }

  @Test func appMessagesReachTheHandler() {
    let fixture = WebFixture()
    var received: [String] = []
    fixture.session.appMessageHandler = { name, payload in
      received.append("\(name) \(payload["title"]?.stringValue ?? "")")
    }
    fixture.send(#"{"v":1,"type":"app","name":"add","payload":{"title":"Soup"}}"#)
    fixture.session.sendApp("hello", payload: .string("there"))
    #expect(received == ["add Soup"])
    #expect(fixture.last["name"] as? String == "hello")
  }

  @Test func aWindowOfAHugeListKeepsFewCells() {
    let fixture = WebFixture(items: Array(0..<100_000))
    fixture.send(
      #"{"v":1,"type":"window","view":"list","seq":\#(fixture.seq),"ranges":[{"section":0,"start":500,"end":560}]}"#
    )
    let paths = (500..<560).map { "[0,\($0)]" }.joined(separator: ",")
    fixture.send(
      #"{"v":1,"type":"cells","view":"list","seq":\#(fixture.seq),"indexPaths":["# + paths + "]}")
    #expect(fixture.view.liveCellCount == 60)
    fixture.send(
      #"{"v":1,"type":"window","view":"list","seq":\#(fixture.seq),"ranges":[{"section":0,"start":550,"end":570}]}"#
    )
    #expect(fixture.view.liveCellCount == 10)
    // A 1% batch sends only what the window needs.
    var snapshot = fixture.dataSource.snapshot()
    snapshot.deleteItems(Array(stride(from: 0, to: 100_000, by: 100)))
    fixture.dataSource.apply(snapshot)
    #expect(fixture.last["type"] as? String == "batch")
    #expect(((fixture.last["update"] as! [String: Any])["deletedItems"] as! [Any]).count == 1_000)
    #expect(fixture.view.cellProviderCalls == 60)
  }
}
