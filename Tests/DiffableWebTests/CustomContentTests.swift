import DiffableWeb
import Foundation
import Testing

/// A custom cell content the page draws with its "rating" renderer.
struct RatingContent: CustomContentConfiguration, Hashable {
  static let rendererName = "rating"
  var title: String
  var stars: Int
  var isHighlighted = false
  var accessibilityText: String? { "\(title), \(stars) of 5 stars" }

  func updated(for state: CellConfigurationState) -> RatingContent {
    var copy = self
    copy.isHighlighted = state.isSelected
    return copy
  }
}

@MainActor
@Suite("WebListView: custom content, cell state and accessory handlers")
struct CustomContentTests {
  /// A session whose one view shows ratings, collecting the messages as JSON.
  @MainActor final class Fixture {
    var messages: [[String: Any]] = []
    var session: WebSession!
    var view: WebListView!
    var dataSource: CollectionViewDiffableDataSource<String, Int>!
    var taps: [Int] = []
    var updates = 0

    init() {
      session = WebSession(id: 1) { [unowned self] text in
        self.messages.append(
          try! JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any])
      }
      view = session.makeListView(named: "list")
      let registration = CellRegistration<ListCell, Int> { [unowned self] cell, _, id in
        cell.contentConfiguration = RatingContent(title: "Recipe \(id)", stars: id % 6)
        cell.accessories = [.detail(actionHandler: { [unowned self] in self.taps.append(id) })]
        cell.configurationUpdateHandler = { [unowned self] cell, state in
          self.updates += 1
          cell.accessories[0].tintColor = state.isSelected ? .systemRed : nil
        }
      }
      dataSource = CollectionViewDiffableDataSource(collectionView: view) { view, path, id in
        view.dequeueConfiguredReusableCell(using: registration, for: path, item: id)
      }
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["main"])
      snapshot.appendItems([1, 2, 3])
      dataSource.applySnapshotUsingReloadData(snapshot)
      session.start()
      send(#"{"type":"window","ranges":[{"section":0,"start":0,"end":3}]}"#)
      send(#"{"type":"cells","indexPaths":[[0,0],[0,1],[0,2]]}"#)
    }

    /// Sends a message to the view at its current seq (`json` without `v`, `view`, `seq`).
    func send(_ json: String) {
      session.receive(#"{"v":1,"view":"list","seq":\#(view.seq),"# + json.dropFirst())
    }
    var last: [String: Any] { messages.last ?? [:] }
    func cells(in message: [String: Any]) -> [[String: Any]] {
      (message["cells"] as? [[String: Any]] ?? []).map { $0["cell"] as! [String: Any] }
    }
  }

  @Test func aCustomContentTravelsWithItsRendererAndPayload() {
    let fixture = Fixture()
    let cell = fixture.cells(in: fixture.last)[1]
    #expect(cell["content"] == nil || cell["content"] is NSNull)
    let custom = cell["custom"] as! [String: Any]
    #expect(custom["renderer"] as? String == "rating")
    #expect(custom["accessibilityText"] as? String == "Recipe 2, 2 of 5 stars")
    let payload = custom["payload"] as! [String: Any]
    #expect(payload["title"] as? String == "Recipe 2")
    #expect(payload["stars"] as? Int == 2)
    #expect(payload["isHighlighted"] as? Bool == false)
  }

  @Test func aSelectionOnThePageRestylesTheCellsWithHandlers() {
    let fixture = Fixture()
    fixture.send(#"{"type":"select","indexPath":[0,1]}"#)
    #expect(fixture.last["type"] as? String == "batch")
    let cell = fixture.cells(in: fixture.last)[0]
    #expect(cell["selected"] as? Bool == true)
    let payload = (cell["custom"] as! [String: Any])["payload"] as! [String: Any]
    #expect(payload["isHighlighted"] as? Bool == true)
    let accessory = (cell["accessories"] as! [[String: Any]])[0]
    #expect(accessory["tintColor"] as? String == "systemRed")
    // Selecting another row restyles both: the old one loses its highlight.
    fixture.send(#"{"type":"select","indexPath":[0,2]}"#)
    let update = fixture.last["update"] as! [String: Any]
    #expect(update["reconfiguredItems"] as? [[Int]] == [[0, 1], [0, 2]])
  }

  @Test func reselectingTheSelectedRowSendsNothing() {
    let fixture = Fixture()
    fixture.send(#"{"type":"select","indexPath":[0,1]}"#)
    let count = fixture.messages.count
    fixture.send(#"{"type":"select","indexPath":[0,1]}"#)
    #expect(fixture.messages.count == count)
  }

  @Test func aContentStyledByUpdatedForAloneIsRestyledToo() {
    // No handler: `RatingContent.updated(for:)` alone marks the selected row.
    let messages = Box()
    let session = WebSession(id: 2) { text in
      messages.values.append(
        try! JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any])
    }
    let view = session.makeListView(named: "list")
    let registration = CellRegistration<ListCell, Int> { cell, _, id in
      cell.contentConfiguration = RatingContent(title: "Recipe \(id)", stars: 3)
    }
    let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) {
      view, path, id in
      view.dequeueConfiguredReusableCell(using: registration, for: path, item: id)
    }
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["main"])
    snapshot.appendItems([1, 2])
    dataSource.applySnapshotUsingReloadData(snapshot)
    session.start()
    func send(_ json: String) {
      session.receive(#"{"v":1,"view":"list","seq":\#(view.seq),"# + json.dropFirst())
    }
    send(#"{"type":"window","ranges":[{"section":0,"start":0,"end":2}]}"#)
    send(#"{"type":"cells","indexPaths":[[0,0],[0,1]]}"#)
    send(#"{"type":"select","indexPath":[0,0]}"#)
    let update = messages.values.last?["update"] as? [String: Any]
    #expect(update?["reconfiguredItems"] as? [[Int]] == [[0, 0]])
    let cell =
      ((messages.values.last?["cells"] as? [[String: Any]])?.first?["cell"]) as? [String: Any]
    let payload = (cell?["custom"] as? [String: Any])?["payload"] as? [String: Any]
    #expect(payload?["isHighlighted"] as? Bool == true)
  }

  @Test func anAccessoryWithAHandlerSaysSoOnTheWire() throws {
    let plain =
      try JSONSerialization.jsonObject(
        with: JSONEncoder().encode(CellAccessory.delete())) as! [String: Any]
    let handled =
      try JSONSerialization.jsonObject(
        with: JSONEncoder().encode(CellAccessory.delete(actionHandler: {}))) as! [String: Any]
    #expect(plain["hasActionHandler"] == nil)
    #expect(handled["hasActionHandler"] as? Bool == true)
  }

  @Test func aRendererNameOutOfBoundsStops() async {
    await #expect(processExitsWith: .failure) {
      struct Unnamed: CustomContentConfiguration {
        static let rendererName = ""
      }
      await MainActor.run {
        let session = WebSession(id: 1) { _ in }
        let view = session.makeListView(named: "list")
        let registration = CellRegistration<ListCell, Int> { cell, _, _ in
          cell.contentConfiguration = Unnamed()
        }
        let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) {
          view, path, id in
          view.dequeueConfiguredReusableCell(using: registration, for: path, item: id)
        }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["main"])
        snapshot.appendItems([1])
        dataSource.applySnapshotUsingReloadData(snapshot)
        session.start()
        session.receive(
          #"{"v":1,"type":"cells","view":"list","seq":\#(view.seq),"indexPaths":[[0,0]]}"#)
      }
    }
  }

  @Test func anAccessoryTapRunsItsHandler() {
    let fixture = Fixture()
    fixture.send(
      #"{"type":"accessory","indexPath":[0,2],"kind":"detail"}"#)
    #expect(fixture.taps == [3])
  }

  @Test func aPlainListContentStillTravelsAsContent() {
    let fixture = WebFixture(items: [5])
    fixture.send(
      #"{"v":1,"type":"cells","view":"list","seq":\#(fixture.seq),"indexPaths":[[0,0]]}"#)
    let cell = (fixture.last["cells"] as! [[String: Any]])[0]["cell"] as! [String: Any]
    #expect((cell["content"] as? [String: Any])?["text"] as? String == "Item 5")
    #expect(cell["custom"] == nil)
  }
}

@MainActor final class Box {
  var values: [[String: Any]] = []
}
