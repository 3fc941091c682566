import DiffableWeb
import Foundation
import Testing

@testable import diffable_demo

@MainActor
@Suite("diffable-demo: the commands the browser benchmark sends, and lastBatch's timing")
struct DemoControllerTests {
  /// A demo session whose messages are collected as JSON objects.
  @MainActor final class Fixture {
    var messages: [[String: Any]] = []
    var session: WebSession!
    var controller: DemoController!

    init() {
      session = WebSession(id: 1) { [unowned self] text in
        self.messages.append(
          try! JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any])
      }
      controller = DemoController(session: session)
      session.start()
    }

    /// Performs a command; returns the one batch it sent and the payload of the `lastBatch`
    /// message that followed it.
    func perform(_ command: String) -> (batch: [String: Any], lastBatch: [String: Any]) {
      let start = messages.count
      controller.perform(command)
      let sent = Array(messages[start...])
      let batches = sent.filter { $0["type"] as? String == "batch" }
      let reports = sent.filter {
        $0["type"] as? String == "app" && $0["name"] as? String == "lastBatch"
      }
      #expect(batches.count == 1 && reports.count == 1, "\(command): \(sent.count) messages")
      return (batches.first ?? [:], reports.first?["payload"] as? [String: Any] ?? [:])
    }
  }

  static func count(_ batch: [String: Any], _ key: String) -> Int {
    ((batch["update"] as? [String: Any])?[key] as? [Any])?.count ?? -1
  }

  static func listCount(_ batch: [String: Any]) -> Int? {
    (batch["sections"] as? [[String: Any]])?.last?["count"] as? Int
  }

  @Test("medium makes the list 10,000 entries; lastBatch says how long the apply took")
  func medium() {
    let fixture = Fixture()
    let (batch, report) = fixture.perform("medium")
    #expect(fixture.controller.entries == Array(1...10_000))
    #expect(Self.listCount(batch) == 10_000)
    #expect(Self.count(batch, "insertedItems") == 9_960)
    let applyMs = report["applyMs"] as? Double
    #expect(applyMs != nil && applyMs! >= 0)
    #expect((report["text"] as? String)?.hasPrefix("BatchUpdate(") == true)
  }

  @Test("churn replaces 1% of 10,000 entries: 50 deleted and 50 new ones inserted")
  func churnOnePercent() {
    let fixture = Fixture()
    _ = fixture.perform("medium")
    let before = Set(fixture.controller.entries)
    let (batch, report) = fixture.perform("churn")
    let after = Set(fixture.controller.entries)
    #expect(fixture.controller.entries.count == 10_000 && after.count == 10_000)
    #expect(before.subtracting(after).count == 50)
    #expect(after.subtracting(before) == Set(10_001...10_050))
    #expect(Self.listCount(batch) == 10_000)
    #expect(Self.count(batch, "deletedItems") == 50)
    #expect(Self.count(batch, "insertedItems") == 50)
    #expect(Self.count(batch, "movedItems") == 0)
    #expect(report["applyMs"] is Double)
  }

  @Test("churn on the 40 starting entries changes two: one deleted, one inserted")
  func churnSmall() {
    let fixture = Fixture()
    let before = fixture.controller.entries
    let (batch, _) = fixture.perform("churn")
    #expect(fixture.controller.entries.count == 40)
    #expect(Set(before).subtracting(fixture.controller.entries).count == 1)
    #expect(fixture.controller.entries.contains(41))
    #expect(Self.count(batch, "deletedItems") == 1)
    #expect(Self.count(batch, "insertedItems") == 1)
  }
}
