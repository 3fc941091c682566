import Diffable
import Testing

@Suite("Section snapshot: value semantics and equality")
struct SectionSnapshotValueSemanticsTests {
  /// Everything observable about a snapshot, to show that a hidden copy never changes.
  struct Observation: Equatable {
    var items: [String]
    var visibleItems: [String]
    var expandedItems: [String]
    var levels: [Int]
    var parents: [String?]

    init(_ outline: DiffableDataSourceSectionSnapshot<String>) {
      items = outline.items
      visibleItems = outline.visibleItems
      expandedItems = outline.expandedItems
      levels = outline.items.map { outline.level(of: $0) }
      parents = outline.items.map { outline.parent(of: $0) }
    }
  }

  @Test func mutatingACopyNeverChangesTheOriginal() {
    var outline = SectionSnapshotSidebar.make()
    outline.expand(["Collections", "Breakfast"])
    let hidden = outline
    let seen = Observation(hidden)
    var other = DiffableDataSourceSectionSnapshot<String>()
    other.append(["Soups"])
    let mutations: [(inout DiffableDataSourceSectionSnapshot<String>) -> Void] = [
      { $0.append(["Soups"], to: "Desserts") },
      { $0.append(["Soups"]) },
      { $0.insert(["Soups"], before: "Waffles") },
      { $0.insert(["Soups"], after: "Breakfast") },
      { $0.insert(other, before: "Pie") },
      { $0.insert(other, after: "Library") },
      { $0.delete(["Breakfast"]) },
      { $0.delete(SectionSnapshotSidebar.preorder) },
      { $0.deleteAll() },
      { $0.replace(childrenOf: "Collections", using: other) },
      { $0.expand(["Desserts", "Pie"]) },
      { $0.collapse(["Collections"]) },
    ]
    for mutate in mutations {
      var copy = hidden
      mutate(&copy)
      #expect(copy != hidden)
      #expect(Observation(hidden) == seen)
      #expect(hidden == outline)
    }
    // Copies made with the initializer are independent too.
    var copy = DiffableDataSourceSectionSnapshot(hidden)
    copy.collapse(["Breakfast"])
    #expect(Observation(hidden) == seen)
  }

  @Test func visibleItemsReadBeforeAMutationStayAsTheyWere() {
    var outline = SectionSnapshotSidebar.make()
    let before = outline.visibleItems
    outline.expand(["Collections"])
    #expect(before == ["Library", "Collections", "Favorites"])
    let items = outline.items
    outline.delete(["Collections"])
    #expect(items == SectionSnapshotSidebar.preorder)
  }

  @Test func equalityComparesItemsStructureAndExpansion() {
    let outline = SectionSnapshotSidebar.make()
    // Built in another order, same outline: equal.
    var rebuilt = DiffableDataSourceSectionSnapshot<String>()
    rebuilt.append(["Library", "Favorites"])
    rebuilt.insert(["Collections"], after: "Library")
    rebuilt.append(["Desserts"], to: "Collections")
    rebuilt.append(["Pie"], to: "Desserts")
    rebuilt.insert(["Breakfast"], before: "Desserts")
    rebuilt.append(["Waffles"], to: "Breakfast")
    rebuilt.insert(["Pancakes"], before: "Waffles")
    #expect(rebuilt == outline)

    // Same items in the same order at other levels: different.
    var flat = DiffableDataSourceSectionSnapshot<String>()
    flat.append(SectionSnapshotSidebar.preorder)
    #expect(flat.items == outline.items)
    #expect(flat != outline)

    // Same structure, different expansion: different.
    var expanded = outline
    expanded.expand(["Pie"])
    #expect(expanded != outline)
    expanded.collapse(["Pie"])
    #expect(expanded == outline)

    // Same levels, different items: different.
    var renamed = outline
    renamed.replace(childrenOf: "Desserts", using: Self.single("Cake"))
    #expect(renamed != outline)
  }

  static func single(_ item: String) -> DiffableDataSourceSectionSnapshot<String> {
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append([item])
    return outline
  }

  @Test func isSendable() async {
    let outline = SectionSnapshotSidebar.make()
    let items = await Task.detached { outline.items }.value
    #expect(items == SectionSnapshotSidebar.preorder)
  }
}
