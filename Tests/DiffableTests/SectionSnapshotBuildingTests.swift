import Diffable
import Testing

/// A recipes sidebar used across the section snapshot tests:
///
///     Library
///     Collections
///       Breakfast
///         Pancakes
///         Waffles
///       Desserts
///         Pie
///     Favorites
enum SectionSnapshotSidebar {
  static func make() -> DiffableDataSourceSectionSnapshot<String> {
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["Library", "Collections", "Favorites"])
    outline.append(["Breakfast", "Desserts"], to: "Collections")
    outline.append(["Pancakes", "Waffles"], to: "Breakfast")
    outline.append(["Pie"], to: "Desserts")
    return outline
  }

  static let preorder = [
    "Library", "Collections", "Breakfast", "Pancakes", "Waffles", "Desserts", "Pie", "Favorites",
  ]
}

@Suite("Section snapshot: building and querying")
struct SectionSnapshotBuildingTests {
  @Test func emptySnapshot() {
    let outline = DiffableDataSourceSectionSnapshot<String>()
    #expect(outline.items.isEmpty)
    #expect(outline.rootItems.isEmpty)
    #expect(outline.visibleItems.isEmpty)
    #expect(outline.expandedItems.isEmpty)
    #expect(!outline.contains("Library"))
    #expect(outline.index(of: "Library") == nil)
    #expect(outline.parent(of: "Library") == nil)
    #expect(!outline.isVisible("Library"))
    #expect(!outline.isExpanded("Library"))
    #expect(outline == DiffableDataSourceSectionSnapshot())
  }

  @Test func copyInitializer() {
    var original = SectionSnapshotSidebar.make()
    original.expand(["Collections"])
    let copy = DiffableDataSourceSectionSnapshot(original)
    #expect(copy == original)
    #expect(copy.visibleItems == original.visibleItems)
    #expect(copy.isExpanded("Collections"))
  }

  @Test func appendBuildsPreorder() {
    let outline = SectionSnapshotSidebar.make()
    #expect(outline.items == SectionSnapshotSidebar.preorder)
    #expect(outline.rootItems == ["Library", "Collections", "Favorites"])
    // Parents start collapsed, so only the roots show.
    #expect(outline.visibleItems == ["Library", "Collections", "Favorites"])
    #expect(outline.expandedItems.isEmpty)
  }

  @Test func appendToParentGoesAfterItsExistingDescendants() {
    var outline = SectionSnapshotSidebar.make()
    outline.append(["Soups"], to: "Collections")
    #expect(
      outline.items == [
        "Library", "Collections", "Breakfast", "Pancakes", "Waffles", "Desserts", "Pie", "Soups",
        "Favorites",
      ])
    #expect(outline.level(of: "Soups") == 1)
    #expect(outline.parent(of: "Soups") == "Collections")
    outline.append(["Crepes"], to: "Breakfast")
    #expect(outline.index(of: "Crepes") == 5)
    #expect(outline.level(of: "Crepes") == 2)
  }

  @Test func appendEmptyListChangesNothing() {
    var outline = SectionSnapshotSidebar.make()
    outline.append([], to: "Pie")
    outline.append([])
    #expect(outline == SectionSnapshotSidebar.make())
  }

  @Test func levelsParentsAndIndexes() {
    let outline = SectionSnapshotSidebar.make()
    let expected: [(String, Int, String?)] = [
      ("Library", 0, nil), ("Collections", 0, nil), ("Breakfast", 1, "Collections"),
      ("Pancakes", 2, "Breakfast"), ("Waffles", 2, "Breakfast"), ("Desserts", 1, "Collections"),
      ("Pie", 2, "Desserts"), ("Favorites", 0, nil),
    ]
    for (index, (item, level, parent)) in expected.enumerated() {
      #expect(outline.contains(item))
      #expect(outline.index(of: item) == index)
      #expect(outline.level(of: item) == level)
      #expect(outline.parent(of: item) == parent)
    }
    #expect(!outline.contains("Soups"))
    #expect(outline.index(of: "Soups") == nil)
    #expect(outline.parent(of: "Soups") == nil)
  }

  @Test func insertBeforeTakesTheDestinationsLevelAndParent() {
    var outline = SectionSnapshotSidebar.make()
    outline.insert(["Crepes", "Toast"], before: "Waffles")
    #expect(
      outline.items == [
        "Library", "Collections", "Breakfast", "Pancakes", "Crepes", "Toast", "Waffles",
        "Desserts", "Pie", "Favorites",
      ])
    #expect(outline.level(of: "Crepes") == 2)
    #expect(outline.parent(of: "Toast") == "Breakfast")
    outline.insert(["Home"], before: "Library")
    #expect(outline.rootItems == ["Home", "Library", "Collections", "Favorites"])
    #expect(outline.level(of: "Home") == 0)
    #expect(outline.parent(of: "Home") == nil)
  }

  @Test func insertAfterGoesPastTheDestinationsDescendants() {
    var outline = SectionSnapshotSidebar.make()
    outline.insert(["Soups"], after: "Breakfast")
    #expect(
      outline.items == [
        "Library", "Collections", "Breakfast", "Pancakes", "Waffles", "Soups", "Desserts", "Pie",
        "Favorites",
      ])
    #expect(outline.level(of: "Soups") == 1)
    #expect(outline.parent(of: "Soups") == "Collections")
    outline.insert(["Recent"], after: "Collections")
    #expect(outline.index(of: "Recent") == outline.index(of: "Pie")! + 1)
    #expect(outline.rootItems == ["Library", "Collections", "Recent", "Favorites"])
    outline.insert(["Last"], after: "Favorites")
    #expect(outline.items.last == "Last")
  }

  @Test func insertedItemsUnderACollapsedParentAreHidden() {
    var outline = SectionSnapshotSidebar.make()
    outline.insert(["Crepes"], after: "Pancakes")
    #expect(!outline.isVisible("Crepes"))
    #expect(outline.visibleItems == ["Library", "Collections", "Favorites"])
    outline.insert(["Home"], before: "Collections")
    #expect(outline.visibleItems == ["Library", "Home", "Collections", "Favorites"])
  }

  @Test func insertSnapshotKeepsStructureAndExpansion() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections"])
    var soups = DiffableDataSourceSectionSnapshot<String>()
    soups.append(["Soups", "Salads"])
    soups.append(["Ramen", "Pho"], to: "Soups")
    soups.expand(["Soups"])

    var before = outline
    before.insert(soups, before: "Desserts")
    #expect(
      before.items == [
        "Library", "Collections", "Breakfast", "Pancakes", "Waffles", "Soups", "Ramen", "Pho",
        "Salads", "Desserts", "Pie", "Favorites",
      ])
    #expect(before.level(of: "Soups") == 1)
    #expect(before.level(of: "Ramen") == 2)
    #expect(before.parent(of: "Soups") == "Collections")
    #expect(before.parent(of: "Pho") == "Soups")
    #expect(before.isExpanded("Soups"))
    #expect(
      before.visibleItems == [
        "Library", "Collections", "Breakfast", "Soups", "Ramen", "Pho", "Salads", "Desserts",
        "Favorites",
      ])

    var after = outline
    after.insert(soups, after: "Breakfast")
    #expect(after == before)

    // Under a collapsed item the whole inserted outline is hidden, expansion state kept.
    var hidden = outline
    hidden.insert(soups, after: "Pancakes")
    #expect(hidden.level(of: "Soups") == 2)
    #expect(hidden.level(of: "Pho") == 3)
    #expect(!hidden.isVisible("Soups") && !hidden.isVisible("Ramen"))
    #expect(hidden.isExpanded("Soups"))
    hidden.expand(["Breakfast"])
    #expect(hidden.isVisible("Ramen"))
    #expect(
      hidden.visibleItems == [
        "Library", "Collections", "Breakfast", "Pancakes", "Soups", "Ramen", "Pho", "Salads",
        "Waffles", "Desserts", "Favorites",
      ])
  }

  @Test func insertEmptySnapshotChangesNothing() {
    var outline = SectionSnapshotSidebar.make()
    outline.insert(DiffableDataSourceSectionSnapshot(), before: "Pie")
    outline.insert(DiffableDataSourceSectionSnapshot(), after: "Pie")
    #expect(outline == SectionSnapshotSidebar.make())
  }

  @Test func childSnapshotIsRebased() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Breakfast", "Pie"])

    let children = outline.snapshot(of: "Collections")
    #expect(children.items == ["Breakfast", "Pancakes", "Waffles", "Desserts", "Pie"])
    #expect(children.rootItems == ["Breakfast", "Desserts"])
    #expect(children.level(of: "Breakfast") == 0)
    #expect(children.level(of: "Waffles") == 1)
    #expect(children.parent(of: "Breakfast") == nil)
    #expect(children.parent(of: "Pie") == "Desserts")
    #expect(children.expandedItems == ["Breakfast", "Pie"])
    #expect(children.visibleItems == ["Breakfast", "Pancakes", "Waffles", "Desserts"])

    let withParent = outline.snapshot(of: "Collections", includingParent: true)
    #expect(withParent.rootItems == ["Collections"])
    #expect(withParent.level(of: "Collections") == 0)
    #expect(withParent.level(of: "Pie") == 2)
    #expect(!withParent.isExpanded("Collections"))
    #expect(withParent.visibleItems == ["Collections"])

    let leaf = outline.snapshot(of: "Pie")
    #expect(leaf == DiffableDataSourceSectionSnapshot())
    let leafWithParent = outline.snapshot(of: "Pie", includingParent: true)
    #expect(leafWithParent.items == ["Pie"])
    #expect(leafWithParent.isExpanded("Pie"))
  }
}
