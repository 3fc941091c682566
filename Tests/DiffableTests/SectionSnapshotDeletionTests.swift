import Diffable
import Testing

@Suite("Section snapshot: deleting and replacing")
struct SectionSnapshotDeletionTests {
  @Test func deleteRemovesDescendants() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections", "Breakfast", "Pancakes"])
    outline.delete(["Breakfast"])
    #expect(outline.items == ["Library", "Collections", "Desserts", "Pie", "Favorites"])
    for gone in ["Breakfast", "Pancakes", "Waffles"] {
      #expect(!outline.contains(gone))
      #expect(!outline.isExpanded(gone))
    }
    #expect(outline.expandedItems == ["Collections"])
    #expect(outline.visibleItems == ["Library", "Collections", "Desserts", "Favorites"])
    #expect(outline.index(of: "Favorites") == 4)
  }

  @Test func deleteIgnoresUnknownAndNestedAndRepeatedItems() {
    var outline = SectionSnapshotSidebar.make()
    outline.delete(["Soups", "Pie", "Desserts", "Pie", "Pancakes"])
    #expect(outline.items == ["Library", "Collections", "Breakfast", "Waffles", "Favorites"])
    outline.delete(["Nowhere"])
    #expect(outline.items == ["Library", "Collections", "Breakfast", "Waffles", "Favorites"])
    outline.delete([])
    #expect(outline.items.count == 5)
  }

  @Test func deleteManySubtreesAtOnce() {
    // More than a handful of separate subtrees takes the one-pass path.
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append(Array(0..<20))
    for root in 0..<20 { outline.append([100 + root * 2, 101 + root * 2], to: root) }
    outline.expand(Array(0..<20))
    let doomed = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 135]
    outline.delete(doomed)
    var expected: [Int] = []
    for root in stride(from: 1, to: 20, by: 2) {
      expected += [root, 100 + root * 2]
      if 101 + root * 2 != 135 { expected.append(101 + root * 2) }
    }
    #expect(outline.items == expected)
    #expect(outline.visibleItems == expected)
    #expect(outline.parent(of: 139) == 19)
    #expect(outline.level(of: 139) == 1)
    #expect(outline.index(of: 139) == expected.count - 1)
  }

  @Test func deleteAllEmptiesEverything() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections"])
    outline.deleteAll()
    #expect(outline == DiffableDataSourceSectionSnapshot())
    #expect(outline.visibleItems.isEmpty && outline.expandedItems.isEmpty)
    outline.append(["Collections"])
    #expect(!outline.isExpanded("Collections"))
  }

  @Test func replaceChildren() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections", "Breakfast"])
    var replacement = DiffableDataSourceSectionSnapshot<String>()
    replacement.append(["Soups", "Breakfast"])
    replacement.append(["Ramen"], to: "Soups")
    replacement.expand(["Soups"])
    outline.replace(childrenOf: "Collections", using: replacement)
    #expect(
      outline.items == ["Library", "Collections", "Soups", "Ramen", "Breakfast", "Favorites"])
    #expect(outline.level(of: "Ramen") == 2)
    #expect(outline.parent(of: "Breakfast") == "Collections")
    // The parent keeps its state; the new children come with theirs.
    #expect(outline.isExpanded("Collections"))
    #expect(!outline.isExpanded("Breakfast"))
    #expect(!outline.contains("Pancakes") && !outline.contains("Pie"))
    #expect(
      outline.visibleItems == [
        "Library", "Collections", "Soups", "Ramen", "Breakfast", "Favorites",
      ])
  }

  @Test func replaceChildrenWithEmptySnapshotRemovesThem() {
    var outline = SectionSnapshotSidebar.make()
    outline.replace(childrenOf: "Collections", using: DiffableDataSourceSectionSnapshot())
    #expect(outline.items == ["Library", "Collections", "Favorites"])
    // A leaf can get children this way too (lazy loading).
    var loaded = DiffableDataSourceSectionSnapshot<String>()
    loaded.append(["Starred"])
    outline.expand(["Favorites"])
    outline.replace(childrenOf: "Favorites", using: loaded)
    #expect(outline.visibleItems == ["Library", "Collections", "Favorites", "Starred"])
  }
}
