#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a ``ListView`` pulls from its data source, and the user interactions it reports
/// back: the counterpart of `UICollectionViewDataSource`, plus identity and outline state
/// (a view needs them to keep cells across batches, label rows for accessibility, and
/// draw disclosure triangles).
///
/// Diffable data sources adopt it; an app rarely calls it directly.
public protocol ListViewDataSource: AnyObject {
  /// The number of sections the view shows.
  func numberOfSections(in listView: any ListView) -> Int

  /// The number of items in a section.
  func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int

  /// A configured cell for the item at `indexPath`.
  func listView(_ listView: any ListView, cellForItemAt indexPath: IndexPath) -> ListCell

  /// A configured supplementary view (a header or footer), or `nil` for none.
  func listView(
    _ listView: any ListView, viewForSupplementaryElementOfKind elementKind: String,
    at indexPath: IndexPath
  ) -> ListCell?

  /// The identifier of the section at an index.
  func listView(_ listView: any ListView, identifierForSectionAt section: Int)
    -> ListIdentifier

  /// The identifier of the item at an index path.
  func listView(_ listView: any ListView, identifierForItemAt indexPath: IndexPath)
    -> ListIdentifier

  /// The identifiers of every item in a section, in order: what a view that checks whole
  /// batches asks for. The default implementation asks ``listView(_:identifierForItemAt:)``
  /// once per item; a data source that holds its items in an array answers in one pass.
  func listView(_ listView: any ListView, identifiersOfItemsInSection section: Int)
    -> [ListIdentifier]

  /// Hands the snapshot the view shows now (during a batch, the new one) to `visitor` and
  /// returns `true`, or returns `false` for a data source that keeps no snapshot. The
  /// default implementation returns `false`; a view then asks for identifiers with
  /// ``listView(_:identifiersOfItemsInSection:)``.
  ///
  /// The snapshot must agree with every other answer of the data source: its counts, its
  /// identifiers and its cells.
  func listView(
    _ listView: any ListView, visitSnapshot visitor: inout some ListViewSnapshotVisitor
  ) -> Bool

  /// The outline state of the item at an index path: its level, whether it has children,
  /// whether it is expanded. `nil` for items outside any section snapshot hierarchy.
  func listView(_ listView: any ListView, outlineStateForItemAt indexPath: IndexPath)
    -> OutlineItemState?

  /// The user asked to expand (or collapse) the item at `indexPath`, for instance by
  /// clicking its disclosure triangle. Returns whether the change happened: the data
  /// source's handlers may veto it.
  @discardableResult
  func listView(
    _ listView: any ListView, setExpanded expanded: Bool, forItemAt indexPath: IndexPath
  ) -> Bool

  /// Whether the user may drag the item at `indexPath` to reorder it.
  func listView(_ listView: any ListView, canMoveItemAt indexPath: IndexPath) -> Bool

  /// The user moved an item: the view already shows it at `destination` (an index path in
  /// the state after the move); the data source updates its own state to match.
  func listView(
    _ listView: any ListView, moveItemAt source: IndexPath, to destination: IndexPath)
}

extension ListViewDataSource {
  /// Asks ``listView(_:identifierForItemAt:)`` for each item of the section.
  public func listView(_ listView: any ListView, identifiersOfItemsInSection section: Int)
    -> [ListIdentifier]
  {
    let sectionPath = IndexPath(index: section)
    return (0..<self.listView(listView, numberOfItemsInSection: section)).map {
      self.listView(listView, identifierForItemAt: sectionPath.appending($0))
    }
  }
}

extension ListViewDataSource {
  /// Returns `false`: the data source keeps no snapshot to hand over.
  public func listView(
    _ listView: any ListView, visitSnapshot visitor: inout some ListViewSnapshotVisitor
  ) -> Bool {
    false
  }
}

/// The outline state of one row: what a view needs to indent it and draw its disclosure.
public struct OutlineItemState: Hashable, Sendable {
  /// The depth in its section's outline; roots are 0.
  public var level: Int
  /// Whether the item has children (and so shows a disclosure control).
  public var hasChildren: Bool
  /// Whether the item is expanded.
  public var isExpanded: Bool

  /// Creates an outline state.
  public init(level: Int, hasChildren: Bool, isExpanded: Bool) {
    self.level = level
    self.hasChildren = hasChildren
    self.isExpanded = isExpanded
  }
}
