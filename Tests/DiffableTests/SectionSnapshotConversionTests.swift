import Diffable
import DiffableTestSupport
import Testing

@Suite("Section snapshot: into a full snapshot")
struct SectionSnapshotConversionTests {
  typealias Snapshot = DiffableDataSourceSnapshot<String, String>

  @Test func sectionGetsTheVisibleItems() {
    var snapshot = Snapshot()
    snapshot.appendSections(["Header", "Sidebar", "Footer"])
    snapshot.appendItems(["Title"], toSection: "Header")
    snapshot.appendItems(["Old 1", "Old 2"], toSection: "Sidebar")
    snapshot.appendItems(["Version"], toSection: "Footer")
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections"])
    snapshot.replaceItems(inSection: "Sidebar", with: outline)
    #expect(snapshot.sectionIdentifiers == ["Header", "Sidebar", "Footer"])
    #expect(snapshot.itemIdentifiers(inSection: "Sidebar") == outline.visibleItems)
    #expect(snapshot.itemIdentifiers(inSection: "Header") == ["Title"])
    #expect(snapshot.itemIdentifiers(inSection: "Footer") == ["Version"])
    #expect(!snapshot.contains(item: "Old 1"))
    #expect(!snapshot.contains(item: "Pancakes"))
    #expect(snapshot.sectionIdentifier(containingItem: "Version") == "Footer")
    #expect(snapshot.indexOfItem("Version") == 1 + outline.visibleItems.count)

    outline.expand(["Breakfast"])
    snapshot.replaceItems(inSection: "Sidebar", with: outline)
    #expect(snapshot.itemIdentifiers(inSection: "Sidebar") == outline.visibleItems)
    #expect(snapshot.numberOfItems == 2 + outline.visibleItems.count)
  }

  @Test func unknownSectionIsAppendedAtTheEnd() {
    var snapshot = Snapshot()
    snapshot.appendSections(["Header"])
    snapshot.appendItems(["Title"])
    snapshot.replaceItems(inSection: "Sidebar", with: SectionSnapshotSidebar.make())
    #expect(snapshot.sectionIdentifiers == ["Header", "Sidebar"])
    #expect(
      snapshot.itemIdentifiers(inSection: "Sidebar") == ["Library", "Collections", "Favorites"])

    var empty = Snapshot()
    empty.replaceItems(inSection: "Sidebar", with: DiffableDataSourceSectionSnapshot())
    #expect(empty.sectionIdentifiers == ["Sidebar"])
    #expect(empty.numberOfItems == 0)
  }

  @Test func initializerMakesOneSection() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections", "Desserts"])
    let snapshot = Snapshot(section: "Sidebar", with: outline)
    #expect(snapshot.sectionIdentifiers == ["Sidebar"])
    #expect(snapshot.itemIdentifiers == outline.visibleItems)
  }

  @Test func itemInAnotherSectionIsMovedWithAWarning() {
    var snapshot = Snapshot()
    snapshot.appendSections(["Recent", "Sidebar"])
    snapshot.appendItems(["Library", "Pie"], toSection: "Recent")
    let warnings = collectingWarnings {
      snapshot.replaceItems(inSection: "Sidebar", with: SectionSnapshotSidebar.make())
    }
    #expect(snapshot.itemIdentifiers(inSection: "Recent") == ["Pie"])
    #expect(
      snapshot.itemIdentifiers(inSection: "Sidebar") == ["Library", "Collections", "Favorites"])
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("replaceItems(inSection:with:)") == true)
  }

  @Test func marksStayOnItemsThatRemain() {
    var snapshot = Snapshot()
    snapshot.appendSections(["Sidebar"])
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections"])
    snapshot.replaceItems(inSection: "Sidebar", with: outline)
    snapshot.reloadItems(["Breakfast", "Library"])
    snapshot.reconfigureItems(["Desserts"])
    outline.collapse(["Collections"])
    snapshot.replaceItems(inSection: "Sidebar", with: outline)
    #expect(snapshot.reloadedItemIdentifiers == ["Library"])
    #expect(snapshot.reconfiguredItemIdentifiers.isEmpty)
  }
}
