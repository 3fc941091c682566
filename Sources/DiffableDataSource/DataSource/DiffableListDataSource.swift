#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The engine shared by ``CollectionViewDiffableDataSource`` and
/// ``TableViewDiffableDataSource``: it keeps the snapshot a ``ListView`` shows, diffs every
/// new snapshot against it, and drives the view with one batch per apply.
///
/// Use the two subclasses, which carry Apple's names and initializers.
///
/// ## Isolation
/// Apple's data sources are main-actor isolated. This one is not `Sendable` and lives in the
/// isolation that creates it, along with its view: on the main actor, UIKit-style code
/// uses it exactly as Apple's; a server gives each session an actor of its own, and the
/// sessions' lists then run in parallel. The compiler keeps it there (region isolation):
/// code elsewhere cannot reach it. To apply from another thread or task, take an
/// ``applier(on:)`` where it lives and hand that over; it applies in call order, after every
/// apply called before it.
open class DiffableListDataSource<
  SectionIdentifierType: Hashable,
  ItemIdentifierType: Hashable
>: ListViewDataSource, CustomStringConvertible {
  /// The snapshot type this data source applies.
  public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// The section snapshot type this data source applies to single sections.
  public typealias SectionSnapshot = DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// Makes the cell for an item: `(view, indexPath, itemIdentifier) -> cell`.
  public typealias CellProvider =
    (any ListView, IndexPath, ItemIdentifierType) ->
    ListCell?
  /// Makes a supplementary view: `(view, elementKind, indexPath) -> view`.
  public typealias SupplementaryViewProvider =
    (any ListView, String, IndexPath) ->
    ListCell?

  /// The view this data source drives. Held weakly, as UIKit does.
  public private(set) weak var listView: (any ListView)?
  let cellProvider: CellProvider

  /// Makes headers and footers; `nil` means the sections have none.
  public var supplementaryViewProvider: SupplementaryViewProvider?

  /// Handlers for the user's expand and collapse of outline items.
  public var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>()

  /// Handlers for the user's reordering of items. Reordering is possible only when
  /// `canReorderItem` is set.
  public var reorderingHandlers = ReorderingHandlers()

  /// What the view shows now (never carries marks).
  @usableFromInline var current = Snapshot() {
    didSet { currentVersion &+= 1 }
  }
  /// Counts changes of `current`, so that a diff computed elsewhere is used only against
  /// the snapshot it was computed from.
  @usableFromInline var currentVersion = 0
  /// The outlines applied to single sections, for the sections that still show them.
  var sectionSnapshots: [SectionIdentifierType: SectionSnapshot] = [:] {
    didSet { showsOutlines = !sectionSnapshots.isEmpty }
  }
  /// Whether any section shows an outline, kept beside `sectionSnapshots`: the view asks for
  /// the outline state of every cell it pulls, and this code runs unspecialized, where even
  /// the dictionary's `isEmpty` looks up its generic metadata.
  private(set) var showsOutlines = false
  /// Set while a batch is being applied, to catch an apply from inside it.
  var isApplying = false
  /// Applies called elsewhere, waiting for this isolation (``Applier``).
  @usableFromInline let pendingApplies = _PendingApplies<Snapshot>()
  /// The ticket of the last apply that landed (tickets order every apply by when it was
  /// called).
  @usableFromInline var lastLandedTicket = 0
  /// Completions the view reported while the batch was still being applied.
  var deferredCompletions: [() -> Void] = []

  /// Creates a data source that drives `listView`, making cells with `cellProvider`, and
  /// sets itself as the view's data source.
  public init(listView: any ListView, cellProvider: @escaping CellProvider) {
    self.listView = listView
    self.cellProvider = cellProvider
    listView.dataSource = self
  }

  /// Whether an apply that asked for animation animates; the table data source turns it
  /// off with `defaultRowAnimation = .none`.
  func _animates(_ requested: Bool) -> Bool { requested }

  /// A summary for debugging: the type, then the snapshot the view shows.
  open var description: String {
    "\(Self.self)(\(current.description))"
  }
}

// MARK: - Handlers

extension DiffableListDataSource {
  /// Handlers called when the user expands or collapses an outline item (the counterpart
  /// of `UICollectionViewDiffableDataSource.SectionSnapshotHandlers`).
  public struct SectionSnapshotHandlers<Item> {
    /// Whether the item may expand; `nil` allows it.
    public var shouldExpandItem: ((Item) -> Bool)?
    /// Called just before the item expands.
    public var willExpandItem: ((Item) -> Void)?
    /// Whether the item may collapse; `nil` allows it.
    public var shouldCollapseItem: ((Item) -> Bool)?
    /// Called just before the item collapses.
    public var willCollapseItem: ((Item) -> Void)?
    /// Returns the children to show under a parent that expands, given its current
    /// children: the hook for loading children lazily.
    public var snapshotForExpandingParent:
      (
        (Item, DiffableDataSourceSectionSnapshot<ItemIdentifierType>) ->
          DiffableDataSourceSectionSnapshot<ItemIdentifierType>
      )?

    /// Creates handlers that allow everything and do nothing.
    public init() {}
  }

  /// Handlers for the user's reordering of items (the counterpart of
  /// `UICollectionViewDiffableDataSource.ReorderingHandlers`).
  public struct ReorderingHandlers {
    /// Whether the user may move the item. Reordering is off while this is `nil`.
    public var canReorderItem: ((ItemIdentifierType) -> Bool)?
    /// Called before the data source updates its snapshot for a user's move.
    public var willReorder:
      (
        (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) ->
          Void
      )?
    /// Called after the data source updated its snapshot: persist the new order here.
    public var didReorder:
      (
        (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) ->
          Void
      )?

    /// Creates handlers with reordering off.
    public init() {}
  }
}
