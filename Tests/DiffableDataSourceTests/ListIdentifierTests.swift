import DiffableDataSource
import Foundation
import Testing

@Suite("ListIdentifier")
struct ListIdentifierTests {
  @Test func equalWhenTheSameValueOfTheSameType() {
    #expect(ListIdentifier(7) == ListIdentifier(7))
    #expect(ListIdentifier("seven") == ListIdentifier("seven"))
    let id = UUID()
    #expect(ListIdentifier(id) == ListIdentifier(id))
    #expect(ListIdentifier(7) != ListIdentifier(8))
    #expect(ListIdentifier("seven") != ListIdentifier("Seven"))
  }

  /// `AnyHashable` calls `1 as Int` and `1 as Int8` equal; a list view's identifiers are
  /// equal only within one type, as the documentation says.
  @Test func differentTypesNeverMatch() {
    #expect(ListIdentifier(1) != ListIdentifier(Int8(1)))
    #expect(ListIdentifier(Int8(1)) != ListIdentifier(1))
    #expect(ListIdentifier(1) != ListIdentifier("1"))
    #expect(ListIdentifier(1.0) != ListIdentifier(1))
  }

  @Test func hashesAsTheWrappedValue() {
    let set: Set<ListIdentifier> = [
      ListIdentifier(1), ListIdentifier(1), ListIdentifier("1"), ListIdentifier(2),
    ]
    #expect(set.count == 3)
    #expect(set.contains(ListIdentifier("1")))
    #expect(!set.contains(ListIdentifier(Int8(1))))
    var left = Hasher()
    ListIdentifier(42).hash(into: &left)
    var right = Hasher()
    42.hash(into: &right)
    #expect(left.finalize() == right.finalize())
  }

  @Test func describesTheWrappedValue() {
    #expect(ListIdentifier(42).description == "42")
    #expect(ListIdentifier("soup").description == "soup")
    #expect(ListIdentifier(42).base as? Int == 42)
  }
}
