import Diffable
import Testing

@Suite("Section snapshot: descriptions")
struct SectionSnapshotDescriptionTests {
  @Test func visualDescriptionMarksExpansionAndVisibility() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections", "Desserts"])
    #expect(
      outline.visualDescription() == """
        DiffableDataSourceSectionSnapshot: 8 items, 6 visible
        - Library *
        + Collections *
          - Breakfast *
            - Pancakes
            - Waffles
          + Desserts *
            - Pie *
        - Favorites *
        """)
    #expect(
      DiffableDataSourceSectionSnapshot<Int>().visualDescription()
        == "DiffableDataSourceSectionSnapshot: 0 items, 0 visible")
  }

  @Test func descriptionNestsChildrenInBrackets() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections"])
    #expect(
      outline.description
        == "DiffableDataSourceSectionSnapshot(8 items, 5 visible) [Library, +Collections "
        + "[Breakfast [Pancakes, Waffles], Desserts [Pie]], Favorites]")
    #expect(outline.debugDescription == outline.description)
    #expect(
      DiffableDataSourceSectionSnapshot<Int>().description
        == "DiffableDataSourceSectionSnapshot(0 items, 0 visible) []")
  }

  @Test func longDescriptionsAreCut() {
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append([0])
    outline.append(Array(1..<150), to: 0)
    let text = outline.description
    #expect(text.hasPrefix("DiffableDataSourceSectionSnapshot(150 items, 1 visible) [0 [1, 2, "))
    #expect(text.hasSuffix(", 99, …]] (50 more items)"))
  }
}
