import DiffableWeb
import Foundation
import Testing

/// Forwards to a data source and counts every call: the work a message causes, fenced by
/// counting rather than timing.
final class CountingDataSource: ListViewDataSource {
  let base: any ListViewDataSource
  var calls = 0

  init(_ base: any ListViewDataSource) { self.base = base }

  func numberOfSections(in listView: any ListView) -> Int {
    calls += 1
    return base.numberOfSections(in: listView)
  }
  func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int {
    calls += 1
    return base.listView(listView, numberOfItemsInSection: section)
  }
  func listView(_ listView: any ListView, cellForItemAt indexPath: IndexPath) -> ListCell {
    calls += 1
    return base.listView(listView, cellForItemAt: indexPath)
  }
  func listView(
    _ listView: any ListView, viewForSupplementaryElementOfKind elementKind: String,
    at indexPath: IndexPath
  ) -> ListCell? {
    calls += 1
    return base.listView(listView, viewForSupplementaryElementOfKind: elementKind, at: indexPath)
  }
  func listView(_ listView: any ListView, identifierForSectionAt section: Int) -> ListIdentifier {
    calls += 1
    return base.listView(listView, identifierForSectionAt: section)
  }
  func listView(_ listView: any ListView, identifierForItemAt indexPath: IndexPath)
    -> ListIdentifier
  {
    calls += 1
    return base.listView(listView, identifierForItemAt: indexPath)
  }
  func listView(_ listView: any ListView, outlineStateForItemAt indexPath: IndexPath)
    -> OutlineItemState?
  {
    calls += 1
    return base.listView(listView, outlineStateForItemAt: indexPath)
  }
  func listView(
    _ listView: any ListView, setExpanded expanded: Bool, forItemAt indexPath: IndexPath
  ) -> Bool {
    calls += 1
    return base.listView(listView, setExpanded: expanded, forItemAt: indexPath)
  }
  func listView(_ listView: any ListView, canMoveItemAt indexPath: IndexPath) -> Bool {
    calls += 1
    return base.listView(listView, canMoveItemAt: indexPath)
  }
  func listView(
    _ listView: any ListView, moveItemAt source: IndexPath, to destination: IndexPath
  ) {
    calls += 1
    base.listView(listView, moveItemAt: source, to: destination)
  }
}

@MainActor
@Suite("Hostile input: bounded work, named fields")
struct HostileInputTests {
  /// Every integer field of every list-view message, given a value JSON allows but `Int`
  /// can't hold or the protocol refuses: the reply names the field, and nothing changes.
  @Test(arguments: ["1e300", "-1e300", "9.3e18", "1.5", "-1", "2147483648"])
  func numbersOutOfRangeInEveryFieldAreRefusedByName(value: String) {
    let fixture = WebFixture(items: Array(0..<20))
    let seq = fixture.seq
    let messages: [(String, String)] = [
      (#"{"v":1,"type":"window","view":"list","seq":X,"ranges":[]}"#, "seq"),
      (
        #"{"v":1,"type":"window","view":"list","seq":\#(seq),"ranges":[{"section":X,"start":0,"end":1}]}"#,
        "ranges[0].section"
      ),
      (
        #"{"v":1,"type":"window","view":"list","seq":\#(seq),"ranges":[{"section":0,"start":X,"end":1}]}"#,
        "ranges[0].start"
      ),
      (
        #"{"v":1,"type":"window","view":"list","seq":\#(seq),"ranges":[{"section":0,"start":0,"end":1},{"section":0,"start":0,"end":X}]}"#,
        "ranges[1].end"
      ),
      (
        #"{"v":1,"type":"cells","view":"list","seq":\#(seq),"indexPaths":[[0,X]]}"#,
        "indexPaths[0][1]"
      ),
      (#"{"v":1,"type":"select","view":"list","seq":\#(seq),"indexPath":[X,0]}"#, "indexPath[0]"),
      (
        #"{"v":1,"type":"setExpanded","view":"list","seq":\#(seq),"indexPath":[0,X],"expanded":true}"#,
        "indexPath[1]"
      ),
      (
        #"{"v":1,"type":"accessory","view":"list","seq":\#(seq),"indexPath":[0,X],"kind":"delete"}"#,
        "indexPath[1]"
      ),
      (
        #"{"v":1,"type":"swipe","view":"list","seq":\#(seq),"indexPath":[0,X],"edge":"trailing","action":"Delete"}"#,
        "indexPath[1]"
      ),
      (#"{"v":1,"type":"reorder","view":"list","seq":\#(seq),"from":[0,0],"to":[0,X]}"#, "to[1]"),
      (#"{"v":1,"type":"ack","view":"list","seq":X}"#, "seq"),
      (#"{"v":1,"type":"mismatch","view":"list","seq":X,"reason":"r"}"#, "seq"),
    ]
    for (template, field) in messages {
      let before = fixture.messages.count
      fixture.send(template.replacingOccurrences(of: "X", with: value))
      let replies = fixture.messages[before...]
      #expect(replies.count == 1, "\(template)")
      let reply = replies.last ?? [:]
      #expect(reply["type"] as? String == "error", "\(template)")
      #expect(reply["code"] as? String == "malformed", "\(template)")
      #expect(reply["field"] as? String == field, "\(template) with \(value)")
      #expect((reply["message"] as? String)?.contains(field) == true, "\(template)")
    }
    #expect(fixture.seq == seq)
    #expect(fixture.view.selectedItemForTesting == nil)
    #expect(fixture.view.window.isEmpty)
    #expect(fixture.dataSource.snapshot().itemIdentifiers == Array(0..<20))
  }

  @Test func oversizedNamesAndListsAreRefusedAsTooLarge() {
    let fixture = WebFixture()
    let seq = fixture.seq
    let longName = String(repeating: "v", count: ClientMessage.maximumNameLength + 1)
    let ranges = Array(repeating: #"{"section":0,"start":0,"end":1}"#, count: 1_001)
      .joined(separator: ",")
    let cases: [(String, String)] = [
      (#"{"v":1,"type":"ack","view":"\#(longName)","seq":\#(seq)}"#, "view"),
      (#"{"v":1,"type":"app","name":"\#(longName)","payload":null}"#, "name"),
      (#"{"v":1,"type":"window","view":"list","seq":\#(seq),"ranges":[\#(ranges)]}"#, "ranges"),
      (
        #"{"v":1,"type":"mismatch","view":"list","seq":\#(seq),"reason":"\#(String(repeating: "r", count: 5_000))"}"#,
        "reason"
      ),
    ]
    for (text, field) in cases {
      fixture.send(text)
      #expect(fixture.last["code"] as? String == "tooLarge", "\(field)")
      #expect(fixture.last["field"] as? String == field)
    }
    #expect(fixture.view.mismatches.isEmpty)
  }

  /// The attack that stalled the demo: one small message repeating a huge range. Its work
  /// is now bounded by the message's ranges and the window cap, not their product.
  @Test func aWindowRepeatingAHugeRangeIsRefusedWithoutWalkingIt() {
    let fixture = WebFixture(items: Array(0..<100_000))
    let counting = CountingDataSource(fixture.dataSource)
    fixture.view.dataSource = counting
    let range = #"{"section":0,"start":0,"end":100000}"#
    let ranges = Array(repeating: range, count: 100).joined(separator: ",")
    fixture.send(
      #"{"v":1,"type":"window","view":"list","seq":\#(fixture.seq),"ranges":[\#(ranges)]}"#)
    #expect(fixture.last["code"] as? String == "tooLarge")
    #expect(fixture.last["field"] as? String == "ranges")
    #expect((fixture.last["message"] as? String)?.contains("100000") == true)
    // Counting the sections' sizes, nothing per row.
    #expect(counting.calls <= 4, "\(counting.calls) data source calls")
    #expect(fixture.view.window.isEmpty)
  }

  /// Repeated and overlapping ranges cost what their distinct rows cost.
  @Test func repeatedRangesAreMergedAndCostTheirDistinctRows() {
    let fixture = WebFixture(items: Array(0..<100_000))
    let counting = CountingDataSource(fixture.dataSource)
    fixture.view.dataSource = counting
    let pieces = (0..<500).map { index in
      #"{"section":0,"start":\#(500 + index % 40),"end":\#(560 - index % 7)}"#
    }
    let text =
      #"{"v":1,"type":"window","view":"list","seq":\#(fixture.seq),"ranges":["#
      + pieces.joined(separator: ",")
      + #",{"section":9,"start":0,"end":5},{"section":0,"start":0,"end":0}]}"#
    fixture.send(text)
    #expect(fixture.view.window == [WireRange(section: 0, start: 500, end: 560)])
    // One lookup per distinct row to keep its cell, plus the sections' sizes.
    #expect(counting.calls <= 60 + 4, "\(counting.calls) data source calls")
  }

  @Test func theLargestWindowAllowedIsAccepted() {
    let fixture = WebFixture(items: Array(0..<100_000))
    let end = ClientMessage.maximumWindowRows
    fixture.send(
      #"{"v":1,"type":"window","view":"list","seq":\#(fixture.seq),"ranges":[{"section":0,"start":0,"end":\#(end)},{"section":0,"start":10,"end":\#(end)}]}"#
    )
    #expect(fixture.view.window == [WireRange(section: 0, start: 0, end: end)])
    #expect(fixture.messages.allSatisfy { $0["type"] as? String != "error" })
    fixture.send(
      #"{"v":1,"type":"window","view":"list","seq":\#(fixture.seq),"ranges":[{"section":0,"start":0,"end":\#(end + 1)}]}"#
    )
    #expect(fixture.last["code"] as? String == "tooLarge")
    #expect(fixture.view.window == [WireRange(section: 0, start: 0, end: end)], "unchanged")
  }

  /// A page that asks for every row's cell without ever reporting a window cannot make the
  /// session keep a cell per row of the list.
  @Test func cellsOutsideTheWindowAreNotKeptWithoutBound() {
    let fixture = WebFixture(items: Array(0..<30_000))
    fixture.send(
      #"{"v":1,"type":"window","view":"list","seq":\#(fixture.seq),"ranges":[{"section":0,"start":0,"end":50}]}"#
    )
    fixture.requestCells(0..<30_000)
    #expect(fixture.view.cellProviderCalls == 30_000)
    #expect(fixture.view.liveCellCount <= ClientMessage.maximumWindowRows)
    #expect(fixture.view.liveCellCount >= 50, "the window's cells are kept")
  }

  /// Regression (review): the window is the page's last report; after a batch removed its
  /// last rows, evicting the cells outside it asked the data source for rows past the
  /// list's end, which traps. Here a page kept 10,000 cells of a 20,000-row list, the list
  /// shrank to 5,100 rows, and a `cells` request took the kept cells past 10,000.
  @Test func evictingWithAWindowPastTheListsEndDoesNotTrap() {
    let fixture = WebFixture(items: Array(0..<20_000))
    fixture.send(
      #"{"v":1,"type":"window","view":"list","seq":\#(fixture.seq),"ranges":[{"section":0,"start":0,"end":10000}]}"#
    )
    fixture.requestCells(0..<10_000)
    var snapshot = fixture.dataSource.snapshot()
    snapshot.deleteItems(Array(5_000..<20_000))
    snapshot.appendItems(Array(20_000..<20_100))
    fixture.dataSource.apply(snapshot, animatingDifferences: false)
    // A batch gives cells back only past twice the window's rows: these wait for the next
    // request.
    #expect(fixture.view.liveCellCount == 10_100, "the new rows' cells, in the old window")
    fixture.send(
      #"{"v":1,"type":"cells","view":"list","seq":\#(fixture.seq),"indexPaths":[[0,0]]}"#)
    #expect(fixture.last["type"] as? String == "cells")
    #expect(fixture.view.liveCellCount == 5_100, "the window's rows that remain")
  }

  /// Regression (review): a batch made cells for the rows it inserted in the window but
  /// kept those of the rows it deleted, and only a `window` or `cells` message evicted
  /// them; a list that churns inside a window its page never reports again (every insert
  /// a new identity) grew a cell per insert, up to the server's whole cell budget.
  @Test func cellsOfRowsChurnedOutOfTheWindowAreNotKeptWithoutBound() {
    let fixture = WebFixture(items: Array(0..<200))
    fixture.send(
      #"{"v":1,"type":"window","view":"list","seq":\#(fixture.seq),"ranges":[{"section":0,"start":0,"end":100}]}"#
    )
    fixture.requestCells(0..<100)
    var next = 200
    for _ in 0..<101 {
      var snapshot = fixture.dataSource.snapshot()
      let items = snapshot.itemIdentifiers
      snapshot.deleteItems(Array(items.suffix(100)))
      snapshot.insertItems(Array(next..<next + 100), beforeItem: items[0])
      next += 100
      fixture.dataSource.apply(snapshot, animatingDifferences: false)
    }
    #expect(fixture.view.cellProviderCalls == 100 + 101 * 100, "each insert's cell was sent")
    #expect(fixture.view.liveCellCount <= ClientMessage.maximumWindowRows)
    #expect(fixture.view.liveCellCount >= 100, "the window's cells are kept")
  }

  /// A page that reports mismatches forever cannot grow the session.
  @Test func mismatchReasonsAreCapped() {
    let fixture = WebFixture()
    for index in 0..<100 {
      fixture.send(
        #"{"v":1,"type":"mismatch","view":"list","seq":\#(fixture.seq),"reason":"r\#(index)"}"#)
    }
    #expect(fixture.view.mismatches.count == 32)
    #expect(fixture.view.mismatches.last?.hasSuffix("r99") == true)
    #expect(fixture.view.mismatches.first?.hasSuffix("r68") == true)
  }

  /// Each reason kept is cut to 256 bytes, between scalars: 32 reasons of 4,096 bytes were
  /// 128 KiB per view, for every session of a server.
  @Test func mismatchReasonsAreClipped() {
    let fixture = WebFixture()
    // 255 bytes of "a", then a 4-byte scalar that crosses the 256th byte.
    let long = String(repeating: "a", count: 255) + String(repeating: "🍲", count: 900)
    let seq = fixture.seq
    fixture.send(
      #"{"v":1,"type":"mismatch","view":"list","seq":\#(fixture.seq),"reason":"\#(long)"}"#)
    let kept = fixture.view.mismatches.last ?? ""
    #expect(
      kept == "seq \(seq): " + String(repeating: "a", count: 255) + "…", "\(kept.prefix(20))")
    fixture.send(#"{"v":1,"type":"mismatch","view":"list","seq":\#(fixture.seq),"reason":"short"}"#)
    #expect(fixture.view.mismatches.last?.hasSuffix(": short") == true, "a short one is kept whole")
  }

  // MARK: The checked accessors of app payloads

  @Test func integersAreCheckedBeforeTheyBecomeInts() throws {
    let payload = try JSONDecoder().decode(
      JSONValue.self,
      from: Data(
        #"{"ok":42,"float":42.0,"huge":1e300,"negativeHuge":-1e300,"nearMax":9.3e18,"half":1.5,"text":"3","none":null,"yes":true}"#
          .utf8))
    #expect(try payload.integer("ok", in: 0...100) == 42)
    #expect(try payload.integer("float", in: 0...100) == 42)
    #expect(try payload.optionalInteger("none", in: 0...100) == nil)
    #expect(try payload.optionalInteger("absent", in: 0...100) == nil)
    for key in ["huge", "negativeHuge", "nearMax", "half", "text", "yes", "ok"] {
      do {
        _ = try payload.integer(key, in: 0...41)
        Issue.record("\(key) was accepted")
      } catch {
        #expect(error.field == key)
        #expect(error.code == .malformed)
        #expect(error.message == "\"\(key)\" must be a whole number from 0 to 41")
      }
    }
    #expect(throws: WireError.invalidField("none", "present")) {
      try payload.integer("none", in: 0...100)
    }
  }

  @Test func stringsAreCheckedForLengthWithoutCountingAllOfThem() throws {
    let payload = JSONValue.object([
      "short": .string("hello"), "long": .string(String(repeating: "é", count: 1_000)),
      "number": .number(3),
    ])
    #expect(try payload.string("short", maximumLength: 5) == "hello")
    #expect(throws: WireError.invalidField("long", "a string of at most 999 characters")) {
      try payload.string("long", maximumLength: 999)
    }
    #expect(try payload.string("long", maximumLength: 1_000).count == 1_000)
    // Characters, not bytes: a family emoji is one character of 25 bytes.
    let family = JSONValue.object(["name": .string(String(repeating: "👨‍👩‍👧‍👦", count: 10))])
    #expect(try family.string("name", maximumLength: 10).count == 10)
    #expect(throws: WireError.self) { try family.string("name", maximumLength: 9) }
    #expect(throws: WireError.self) { try payload.string("number", maximumLength: 5) }
    #expect(try payload.optionalString("absent", maximumLength: 5) == nil)
    #expect(throws: WireError.invalidField("absent", "present")) {
      try payload.string("absent", maximumLength: 5)
    }
    #expect(throws: WireError.self) { try payload.bool("short") }
  }
}
