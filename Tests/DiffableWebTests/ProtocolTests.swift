import DiffableWeb
import Foundation
import Testing

@Suite("Wire protocol")
struct ProtocolTests {
  @Test(arguments: [
    (
      #"{"v":1,"type":"window","view":"a","seq":2,"ranges":[{"section":0,"start":0,"end":9}]}"#,
      ClientMessage.window(view: "a", seq: 2, ranges: [WireRange(section: 0, start: 0, end: 9)])
    ),
    (
      #"{"v":1,"type":"cells","view":"a","seq":2,"indexPaths":[[0,1],[2,3]]}"#,
      .cells(
        view: "a", seq: 2, indexPaths: [.init(section: 0, item: 1), .init(section: 2, item: 3)])
    ),
    (
      #"{"v":1,"type":"select","view":"a","seq":1,"indexPath":[0,4]}"#,
      .select(view: "a", seq: 1, indexPath: .init(section: 0, item: 4))
    ),
    (
      #"{"v":1,"type":"setExpanded","view":"s","seq":1,"indexPath":[1,0],"expanded":true}"#,
      .setExpanded(view: "s", seq: 1, indexPath: .init(section: 1, item: 0), expanded: true)
    ),
    (
      #"{"v":1,"type":"accessory","view":"a","seq":1,"indexPath":[0,0],"kind":"delete"}"#,
      .accessory(view: "a", seq: 1, indexPath: .init(section: 0, item: 0), kind: "delete")
    ),
    (
      #"{"v":1,"type":"swipe","view":"a","seq":1,"indexPath":[0,0],"edge":"trailing","action":"Delete"}"#,
      .swipe(
        view: "a", seq: 1, indexPath: .init(section: 0, item: 0), edge: .trailing, action: "Delete")
    ),
    (
      #"{"v":1,"type":"reorder","view":"a","seq":1,"from":[0,3],"to":[0,0]}"#,
      .reorder(view: "a", seq: 1, from: .init(section: 0, item: 3), to: .init(section: 0, item: 0))
    ),
    (#"{"v":1,"type":"ack","view":"a","seq":7}"#, .ack(view: "a", seq: 7)),
    (
      #"{"v":1,"type":"mismatch","view":"a","seq":7,"reason":"x"}"#,
      .mismatch(view: "a", seq: 7, reason: "x")
    ),
    (
      #"{"v":1,"type":"app","name":"add","payload":{"title":"Soup","n":2}}"#,
      .app(name: "add", payload: .object(["title": .string("Soup"), "n": .number(2)]))
    ),
  ])
  func decodesEveryMessage(text: String, expected: ClientMessage) throws {
    #expect(try ClientMessage.decode(text).get() == expected)
  }

  @Test(arguments: [
    ("not json", WireError.Code.malformed),
    (#"{"type":"ack"}"#, .malformed),
    (#"{"v":2,"type":"ack","view":"a","seq":1}"#, .version),
    (#"{"v":1,"type":"explode"}"#, .unknownType),
    (#"{"v":1,"type":"select","view":"a","seq":1}"#, .malformed),
    (#"{"v":1,"type":"select","view":"a","seq":"1","indexPath":[0,0]}"#, .malformed),
    (#"{"v":1,"type":"select","view":"a","seq":1,"indexPath":[0,0,1]}"#, .malformed),
    (
      #"{"v":1,"type":"swipe","view":"a","seq":1,"indexPath":[0,0],"edge":"up","action":"x"}"#,
      .malformed
    ),
  ])
  func refusesBadMessages(text: String, code: WireError.Code) {
    guard case .failure(let error) = ClientMessage.decode(text) else {
      Issue.record("accepted \(text)")
      return
    }
    #expect(error.code == code)
  }

  @Test func refusesOversizedMessagesAndRequests() {
    let huge = String(repeating: " ", count: ClientMessage.maximumSize + 1)
    guard case .failure(let error) = ClientMessage.decode(huge) else {
      Issue.record("accepted a huge message")
      return
    }
    #expect(error.code == .tooLarge)
    let paths = (0...ClientMessage.maximumCellsPerRequest).map { "[0,\($0)]" }.joined(
      separator: ",")
    let request = #"{"v":1,"type":"cells","view":"a","seq":1,"indexPaths":["# + paths + "]}"
    guard case .failure(let tooMany) = ClientMessage.decode(request) else {
      Issue.record("accepted too many index paths")
      return
    }
    #expect(tooMany.code == .tooLarge)
  }

  @Test func encodesServerMessages() {
    #expect(
      ServerMessage.error(WireError(.stale, "old", inReplyTo: "select")).encoded()
        == #"{"code":"stale","inReplyTo":"select","message":"old","type":"error","v":1}"#)
    #expect(
      ServerMessage.app(name: "lastBatch", payload: .object(["text": .string("x")])).encoded()
        == #"{"name":"lastBatch","payload":{"text":"x"},"type":"app","v":1}"#)
    let update = BatchUpdate(
      deletedItems: [IndexPath(indexes: [0, 1])],
      movedItems: [.init(from: IndexPath(indexes: [0, 2]), to: IndexPath(indexes: [1, 0]))])
    let batch = ServerMessage.batch(
      view: "v", seq: 3, animated: true, update: WireBatch(update), sections: [], cells: []
    ).encoded()
    #expect(
      batch
        == #"{"animated":true,"cells":[],"sections":[],"seq":3,"type":"batch","#
        + #""update":{"deletedItems":[[0,1]],"deletedSections":[],"insertedItems":[],"#
        + #""insertedSections":[],"movedItems":[{"from":[0,2],"to":[1,0]}],"movedSections":[],"#
        + #""reconfiguredItems":[],"reloadedItems":[],"reloadedSections":[]},"v":1,"view":"v"}"#)
  }

  @Test func aBatchPositionBecomesTheSameWirePathAsItsIndexPath() {
    let position = BatchUpdate.ItemPosition(section: 4, item: 11)
    #expect(WireIndexPath(position) == WireIndexPath(section: 4, item: 11))
    #expect(WireIndexPath(position) == WireIndexPath(position.indexPath))
    #expect(WireIndexPath(position).indexPath == position.indexPath)
  }

  @Test func jsonValuesDecodeIntoTypes() throws {
    struct Form: Decodable, Equatable {
      var title: String
      var servings: Int
    }
    let value = JSONValue.object(["title": .string("Soup"), "servings": .number(4)])
    #expect(try value.decode(Form.self) == Form(title: "Soup", servings: 4))
    #expect(value["title"]?.stringValue == "Soup")
    #expect(value["nope"] == nil)
    #expect(JSONValue.array([.null, .bool(true)])["x"] == nil)
    let round = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    #expect(round == value)
  }
}
