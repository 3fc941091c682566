import DiffableTesting
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The example of Guides/BatchUpdateSimulator.md, kept here so that the guide stays true.
@Suite("The guide's example")
struct GuideExampleTests {
  let old: DiffableDataSourceSnapshot<String, String> = {
    var old = DiffableDataSourceSnapshot<String, String>()
    old.appendSections(["favorites", "all"])
    old.appendItems(["soup"], toSection: "favorites")
    old.appendItems(["bread", "cake", "pie"], toSection: "all")
    return old
  }()

  let new: DiffableDataSourceSnapshot<String, String> = {
    var new = DiffableDataSourceSnapshot<String, String>()
    new.appendSections(["favorites", "all"])
    new.appendItems(["cake", "soup"], toSection: "favorites")
    new.appendItems(["bread", "pie"], toSection: "all")
    new.reconfigureItems(["cake"])
    return new
  }()

  @Test func favoritingARecipeMovesItToTheTop() throws {
    let update = BatchUpdate(
      reconfiguredItems: [IndexPath(indexes: [0, 0])],
      movedItems: [.init(from: IndexPath(indexes: [1, 1]), to: IndexPath(indexes: [0, 0]))])
    let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
    #expect(replay.snapshot == new)
    let cake = replay.sections[0].cells[0]
    #expect(cake.origin == .moved(from: IndexPath(indexes: [1, 1])))
    #expect(cake.isReconfigured)
    try replay.checkIdentityPreserved()
  }

  @Test func reconfiguringTheOldPositionIsRejectedAsTheGuideShows() {
    let update = BatchUpdate(
      reconfiguredItems: [IndexPath(indexes: [1, 1])],
      movedItems: [.init(from: IndexPath(indexes: [1, 1]), to: IndexPath(indexes: [0, 0]))])
    let error = expectRejection(
      update, from: old, to: new, rule: .reconfigureMarkIgnored, mentioning: [])
    #expect(
      error?.description
        == "[reconfigureMarkIgnored] item identifier \"cake\" is marked for reconfigure in the "
        + "new snapshot, but the batch neither reconfigures nor replaces its cell (moved from "
        + "item 1 in section 1): reconfigure item 0 in section 0 (reconfigures name index paths "
        + "after the update)")
  }
}
