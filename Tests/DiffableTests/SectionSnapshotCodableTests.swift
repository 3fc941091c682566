import Diffable
import Foundation
import Testing

@Suite("Section snapshot: Codable")
struct SectionSnapshotCodableTests {
  typealias Outline = DiffableDataSourceSectionSnapshot<String>

  @Test func roundTripKeepsLevelsAndExpansion() throws {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections", "Pie", "Breakfast"])
    let data = try JSONEncoder().encode(outline)
    let decoded = try JSONDecoder().decode(Outline.self, from: data)
    #expect(decoded == outline)
    #expect(decoded.visibleItems == outline.visibleItems)
    #expect(decoded.expandedItems == ["Collections", "Breakfast", "Pie"])
    #expect(decoded.parent(of: "Pie") == "Desserts")
    #expect(decoded.level(of: "Waffles") == 2)
    // The decoded value is fully usable.
    var edited = decoded
    edited.collapse(["Collections"])
    #expect(edited.visibleItems == ["Library", "Collections", "Favorites"])
  }

  @Test func encodedFormIsFlat() throws {
    var outline = Outline()
    outline.append(["A", "D"])
    outline.append(["B"], to: "A")
    outline.expand(["A"])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: try encoder.encode(outline), as: UTF8.self)
    #expect(text == #"{"expandedItems":["A"],"items":["A","B","D"],"levels":[0,1,0]}"#)
    #expect(try JSONDecoder().decode(Outline.self, from: Data(text.utf8)) == outline)
  }

  @Test func emptyRoundTrip() throws {
    let data = try JSONEncoder().encode(Outline())
    #expect(try JSONDecoder().decode(Outline.self, from: data) == Outline())
    // The expanded list may be left out.
    let bare = Data(#"{"items":["A"],"levels":[0]}"#.utf8)
    #expect(try JSONDecoder().decode(Outline.self, from: bare).items == ["A"])
  }

  @Test(
    "corrupt data throws a DecodingError naming the problem",
    arguments: [
      (#"{"items":["A","A"],"levels":[0,0]}"#, "Duplicate item identifier A"),
      (#"{"items":["A"],"levels":[1]}"#, "Item identifier A has level 1; the first item"),
      (#"{"items":["A","B"],"levels":[0,2]}"#, "Item identifier B has level 2; the item before"),
      (#"{"items":["A","B"],"levels":[0,-1]}"#, "Item identifier B has level -1"),
      (#"{"items":["A","B"],"levels":[0]}"#, "1 levels for 2 items"),
      (#"{"items":["A"],"levels":[0],"expandedItems":["Z"]}"#, "Expanded item identifier Z"),
      (#"{"items":["A"],"levels":[0],"expandedItems":["A","A"]}"#, "listed twice"),
      (
        #"{"items":["A","B"],"levels":[0,9223372036854775807]}"#,
        "Item identifier B has level 9223372036854775807"
      ),
    ])
  func corruptDataThrows(json: String, message: String) {
    do {
      _ = try JSONDecoder().decode(Outline.self, from: Data(json.utf8))
      Issue.record("decoding \(json) did not throw")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.debugDescription.contains(message), "\(context.debugDescription)")
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test func missingKeysThrow() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Outline.self, from: Data(#"{"items":["A"]}"#.utf8))
    }
  }
}
