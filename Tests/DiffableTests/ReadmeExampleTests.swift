import Diffable
import Testing

/// The README's quick start, kept honest.
@Suite("README examples")
struct ReadmeExampleTests {
  enum Section: Hashable, Sendable { case favorites, all }

  @Test func quickStart() {
    var old = DiffableDataSourceSnapshot<Section, Int>()
    old.appendSections([.favorites, .all])
    old.appendItems([1, 2], toSection: .favorites)
    old.appendItems([3, 4, 5], toSection: .all)

    var new = old
    new.deleteItems([4])
    new.moveItem(5, beforeItem: 3)
    new.moveItem(3, afterItem: 2)
    new.appendItems([6], toSection: .all)
    new.reconfigureItems([1])

    let update = BatchUpdate(from: old, to: new)
    #expect(
      update.description
        == "BatchUpdate(deletedItems: [1-1], insertedItems: [1-1], movedItems: [1-0→0-2], "
        + "reconfiguredItems: [0-0])")
  }
}
