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

/// Identifiers of a class type compare by the class's `==`, whatever subclass they are.
class Animal: Hashable, @unchecked Sendable {
  let id: Int
  init(id: Int) { self.id = id }
  static func == (left: Animal, right: Animal) -> Bool { left.id == right.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
final class Dog: Animal, @unchecked Sendable {}
final class Cat: Animal, @unchecked Sendable {}

@Suite("ListIdentifier with class identifiers")
struct ListIdentifierClassTests {
  @Test func subclassesWrappedAsTheirSuperclassCompareAsIt() {
    let dog: Animal = Dog(id: 1)
    let cat: Animal = Cat(id: 1)
    #expect(ListIdentifier(dog) == ListIdentifier(cat))
    #expect(Set([ListIdentifier(dog), ListIdentifier(cat)]).count == 1)
    #expect(ListIdentifier(dog) != ListIdentifier(Cat(id: 2) as Animal))
    // Wrapped as different types, they differ, as `Dog` and `Cat` values would.
    #expect(ListIdentifier(Dog(id: 1)) != ListIdentifier(Cat(id: 1)))
  }
}
