#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a list view shows after a `BatchUpdate` replayed by ``BatchUpdateSimulator``:
/// every section and cell in order, with where each one came from.
///
/// A replay exists only for a batch that obeys every rule and lands exactly on the new
/// snapshot, so ``snapshot`` equals the new snapshot (without its marks). The cells tell
/// *how* it got there: which cells were kept or moved (and keep their state), which are
/// fresh, and which were reconfigured.
///
///     let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
///     let cell = replay.sections[0].cells[2]
///     #expect(cell.origin == .moved(from: IndexPath(indexes: [1, 0])))
///     #expect(cell.isReconfigured)
public struct BatchUpdateReplay<
  SectionIdentifierType: Hashable,
  ItemIdentifierType: Hashable
> {
  /// One cell after the update.
  public struct Cell: Hashable {
    /// The item the cell shows.
    public var identifier: ItemIdentifierType
    /// Where the cell comes from.
    public var origin: BatchUpdateSimulator.CellOrigin
    /// Whether the cell is refreshed in place after the batch (a reconfigure names it).
    public var isReconfigured: Bool

    /// Creates a cell.
    public init(
      identifier: ItemIdentifierType, origin: BatchUpdateSimulator.CellOrigin,
      isReconfigured: Bool = false
    ) {
      self.identifier = identifier
      self.origin = origin
      self.isReconfigured = isReconfigured
    }
  }

  /// One section after the update, with its cells in order.
  public struct Section: Hashable {
    /// The section's identifier.
    public var identifier: SectionIdentifierType
    /// Where the section comes from.
    public var origin: BatchUpdateSimulator.SectionOrigin
    /// The section's cells, in order.
    public var cells: [Cell]

    /// Creates a section.
    public init(
      identifier: SectionIdentifierType, origin: BatchUpdateSimulator.SectionOrigin,
      cells: [Cell]
    ) {
      self.identifier = identifier
      self.origin = origin
      self.cells = cells
    }
  }

  /// The batch that was replayed.
  public let update: BatchUpdate
  /// The sections after the update, in order, each with its cells.
  public let sections: [Section]
  /// The state before the update, for ``itemsThatLostTheirCell``.
  let old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// The state after the update, with its marks.
  let new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

  init(
    update: BatchUpdate,
    sections: [Section],
    old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) {
    self.update = update
    self.sections = sections
    self.old = old
    self.new = new
  }

  /// The state after the update. The replay lands exactly on the new snapshot, so this is
  /// the new snapshot without its reload and reconfigure marks, as a data source keeps it.
  ///
  /// - Complexity: O(1)
  public var snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
    new.withoutMarks
  }

  /// The number of new cells: inserted, reloaded, or in an inserted or reloaded section.
  ///
  /// - Complexity: O(*n*), for *n* cells.
  public var freshCellCount: Int {
    var count = 0
    for section in sections {
      count +=
        section.origin.isFresh ? section.cells.count : section.cells.count { $0.origin.isFresh }
    }
    return count
  }

  /// The number of cells that existed before the update and survive it: kept or moved.
  ///
  /// - Complexity: O(*n*), for *n* cells.
  public var keptCellCount: Int { snapshot.numberOfItems - freshCellCount }

  /// The number of items that move.
  ///
  /// - Complexity: O(1)
  public var movedItemCount: Int { update.movedItems.count }

  /// The number of sections that move.
  ///
  /// - Complexity: O(1)
  public var movedSectionCount: Int { update.movedSections.count }

  /// The number of cells refreshed in place after the batch.
  ///
  /// - Complexity: O(1)
  public var reconfiguredCellCount: Int { update.reconfiguredItems.count }
}

// Sendable exactly when the identifiers are, as the snapshots it replays.
extension BatchUpdateReplay: Sendable
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}

extension BatchUpdateReplay.Cell: Sendable where ItemIdentifierType: Sendable {}

extension BatchUpdateReplay.Section: Sendable
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
