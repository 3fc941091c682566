import DiffableDataSource
import DiffableTesting
import Foundation
import Testing

@MainActor
@Suite("Data source: identifiers of a section")
struct DataSourceIdentifiersTests {
  @Test func listsEachSectionsItemsInOrder() {
    let fixture = RecipeFixture()
    fixture.dataSource.apply(fixture.snapshot([(.main, [3, 1, 2]), (.extra, [9, 7])]))
    let source = fixture.dataSource!
    #expect(
      source.listView(fixture.view, identifiersOfItemsInSection: 0)
        == [3, 1, 2].map(ListIdentifier.init))
    #expect(
      source.listView(fixture.view, identifiersOfItemsInSection: 1)
        == [9, 7].map(ListIdentifier.init))
    // The same answer as asking item by item.
    for section in 0..<2 {
      let oneByOne = (0..<source.listView(fixture.view, numberOfItemsInSection: section)).map {
        source.listView(fixture.view, identifierForItemAt: path(section, $0))
      }
      #expect(source.listView(fixture.view, identifiersOfItemsInSection: section) == oneByOne)
    }
  }

  /// A data source that does not implement the bulk method gets the per-item default.
  @Test func theDefaultAsksItemByItem() {
    let source = ManualDataSource([[5, 6], [], [7]])
    let view = RecordingListView()
    #expect(
      source.listView(view, identifiersOfItemsInSection: 0) == [5, 6].map(ListIdentifier.init))
    #expect(source.listView(view, identifiersOfItemsInSection: 1) == [])
    #expect(source.listView(view, identifiersOfItemsInSection: 2) == [ListIdentifier(7)])
  }

  @Test func aSectionOutOfRangeStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let fixture = RecipeFixture()
        fixture.dataSource.apply(fixture.snapshot([1]))
        _ = fixture.dataSource.listView(fixture.view, identifiersOfItemsInSection: 4)
      }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains("listView(_:identifiersOfItemsInSection:): no section at 4"))
  }
}
