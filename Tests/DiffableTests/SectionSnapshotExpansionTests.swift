import Diffable
import DiffableTestSupport
import Testing

@Suite("Section snapshot: expansion and visibility")
struct SectionSnapshotExpansionTests {
  @Test func parentsStartCollapsed() {
    let outline = SectionSnapshotSidebar.make()
    for item in SectionSnapshotSidebar.preorder { #expect(!outline.isExpanded(item)) }
    #expect(outline.isVisible("Collections"))
    #expect(!outline.isVisible("Breakfast"))
    #expect(!outline.isVisible("Pancakes"))
  }

  @Test func expandShowsChildrenAndCollapseHidesThem() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections"])
    #expect(outline.isExpanded("Collections"))
    #expect(
      outline.visibleItems == ["Library", "Collections", "Breakfast", "Desserts", "Favorites"])
    #expect(outline.isVisible("Breakfast") && !outline.isVisible("Pancakes"))
    outline.expand(["Breakfast"])
    #expect(
      outline.visibleItems == [
        "Library", "Collections", "Breakfast", "Pancakes", "Waffles", "Desserts", "Favorites",
      ])
    outline.collapse(["Breakfast"])
    #expect(
      outline.visibleItems == ["Library", "Collections", "Breakfast", "Desserts", "Favorites"])
    #expect(!outline.isExpanded("Breakfast"))
  }

  @Test func expansionPersistsThroughAnAncestorsCollapse() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections", "Breakfast", "Desserts"])
    outline.collapse(["Collections"])
    #expect(outline.visibleItems == ["Library", "Collections", "Favorites"])
    #expect(outline.isExpanded("Breakfast") && outline.isExpanded("Desserts"))
    #expect(!outline.isVisible("Pancakes") && !outline.isVisible("Breakfast"))
    outline.expand(["Collections"])
    #expect(outline.visibleItems == SectionSnapshotSidebar.preorder)
  }

  @Test func expandingAHiddenItemRecordsTheState() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Breakfast"])
    #expect(outline.isExpanded("Breakfast"))
    #expect(!outline.isVisible("Pancakes"))
    #expect(outline.visibleItems == ["Library", "Collections", "Favorites"])
    outline.expand(["Collections"])
    #expect(
      outline.visibleItems == [
        "Library", "Collections", "Breakfast", "Pancakes", "Waffles", "Desserts", "Favorites",
      ])
  }

  @Test func expansionNeedsNoChildren() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Favorites"])
    #expect(outline.isExpanded("Favorites"))
    #expect(outline.expandedItems == ["Favorites"])
    outline.append(["Starred", "Shared"], to: "Favorites")
    #expect(outline.visibleItems == ["Library", "Collections", "Favorites", "Starred", "Shared"])
    // A leaf's expansion is part of the value.
    var other = SectionSnapshotSidebar.make()
    other.append(["Starred", "Shared"], to: "Favorites")
    #expect(other != outline)
    other.expand(["Favorites"])
    #expect(other == outline)
  }

  @Test func expandAndCollapseAreIdempotent() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections", "Collections"])
    outline.expand(["Collections"])
    let once = outline
    outline.expand(["Collections"])
    #expect(outline == once)
    #expect(outline.visibleItems == once.visibleItems)
    outline.collapse(["Collections"])
    outline.collapse(["Collections", "Pie"])
    #expect(outline == SectionSnapshotSidebar.make())
  }

  @Test func expandedItemsArePreorderWhetherVisibleOrNot() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Pie", "Library", "Breakfast"])
    #expect(outline.expandedItems == ["Library", "Breakfast", "Pie"])
  }

  @Test func collapsingSkipsCollapsedSubtreesAndKeepsLaterRows() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections", "Desserts"])
    #expect(
      outline.visibleItems == [
        "Library", "Collections", "Breakfast", "Desserts", "Pie", "Favorites",
      ])
    outline.collapse(["Collections"])
    #expect(outline.visibleItems == ["Library", "Collections", "Favorites"])
    #expect(!outline.isVisible("Pie"))
    #expect(outline.isVisible("Favorites"))
  }

  @Test func unknownItemsAreToleratedWithAWarning() {
    var outline = SectionSnapshotSidebar.make()
    let warnings = collectingWarnings {
      outline.expand(["Soups", "Collections"])
      outline.collapse(["Salads"])
    }
    #expect(outline.isExpanded("Collections"))
    #expect(!outline.isExpanded("Soups"))
    #expect(
      warnings == [
        "expand(_:): item identifiers [\"Soups\"] do not exist in the section snapshot; they "
          + "are ignored",
        "collapse(_:): item identifiers [\"Salads\"] do not exist in the section snapshot; they "
          + "are ignored",
      ])
    // A known item draws no warning.
    #expect(collectingWarnings { outline.collapse(["Collections"]) }.isEmpty)
  }

  @Test func visibilityFollowsStructuralChanges() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections", "Breakfast"])
    outline.append(["Crepes"], to: "Breakfast")
    #expect(outline.isVisible("Crepes"))
    outline.append(["Cake"], to: "Desserts")
    #expect(!outline.isVisible("Cake"))
    outline.delete(["Pancakes"])
    #expect(
      outline.visibleItems == [
        "Library", "Collections", "Breakfast", "Waffles", "Crepes", "Desserts", "Favorites",
      ])
  }
}
