#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An independent oracle for `BatchUpdate`: it applies a batch to an old snapshot the way
/// `performBatchUpdates` does, enforces every batch-update rule a list view enforces, and
/// reports where every section and cell ends up.
///
/// Use it to test code that builds batches by hand, or the batches a data source computes:
///
///     let replay = try BatchUpdateSimulator.replay(update, from: old, to: new)
///     #expect(replay.snapshot == new)
///     #expect(replay.itemsThatLostTheirCell.isEmpty)
///
/// The replay follows UIKit's model:
/// - Section and item deletes, reloads and move sources name positions in the old
///   snapshot; inserts and move destinations name positions in the new one. The order of
///   the operations in the batch does not matter.
/// - Reconfigures name positions in the new snapshot and apply after the structural batch,
///   refreshing the existing cells there in place.
/// - Sections and items that are neither deleted nor moved keep their relative order and
///   fill, in order, the positions that inserts and move destinations leave free. A
///   reloaded section or item stays in place like them, with fresh content.
/// - Inserted and reloaded cells, and every cell of an inserted or reloaded section, are
///   fetched from the new snapshot; moved sections carry their cells.
///
/// Beyond UIKit's own checks, the simulator rejects item changes inside a section that
/// moves (``BatchUpdateError/Rule/itemChangeInMovedSection``): UICollectionView corrupts its
/// state on that combination, so a batch must delete and insert such a section instead.
public enum BatchUpdateSimulator {
  /// Replays `update` on `old` as a list view does, fetching new cells from `new`, and
  /// checks that the result is exactly `new` with every mark of `new` honoured.
  ///
  /// The checks run in this order, and the first broken rule is thrown: section indexes and
  /// conflicts, the section count, item indexes and conflicts (with item changes inside
  /// deleted, inserted, reloaded or moving sections), item counts, the result against
  /// `new` (the first differing position in reading order), reconfigures, then the marks of
  /// `new`.
  ///
  /// Marks: every item marked with `reloadItems(_:)` in `new` that is also in `old` must
  /// get a fresh cell; every item marked with `reconfigureItems(_:)` that is in both and
  /// keeps its cell must be reconfigured; every section marked with `reloadSections(_:)`
  /// that is in both must be reloaded, or deleted and inserted.
  ///
  /// - Parameters:
  ///   - update: The batch to replay.
  ///   - old: What the list view shows before the batch.
  ///   - new: The data source's content after the batch, with the marks to honour.
  /// - Returns: The sections and cells after the batch, each with its origin.
  /// - Throws: A ``BatchUpdateError`` naming the rule the batch breaks and the offending
  ///   indexes and identifiers.
  /// - Complexity: O(*n* + *s* + *k* log *s*) expected, for *n* items and *s* sections in
  ///   the two snapshots and *k* operations and marks.
  public static func replay<SectionIdentifierType, ItemIdentifierType>(
    _ update: BatchUpdate,
    from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) throws(BatchUpdateError) -> BatchUpdateReplay<SectionIdentifierType, ItemIdentifierType> {
    let replayer = Replayer(update: update, old: old, new: new)
    let placement = try replayer.place()
    return BatchUpdateReplay(
      update: update,
      sections: replayer.buildSections(
        placement.origins, reconfigured: placement.reconfigured),
      old: old, new: new)
  }

  /// Checks `update` as ``replay(_:from:to:)`` does, in the same order and with the same
  /// errors, but returns only where each cell comes from, without building the replay's
  /// sections and cells.
  static func placement<SectionIdentifierType, ItemIdentifierType>(
    _ update: BatchUpdate,
    from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) throws(BatchUpdateError) -> CellPlacement {
    try Replayer(update: update, old: old, new: new).place()
  }
}

extension BatchUpdateSimulator.Replayer {
  /// Every check of a replay, in order.
  func place() throws(BatchUpdateError) -> BatchUpdateSimulator.CellPlacement {
    try placeSections()
    try registerItemOperations()
    try checkItemCounts()
    let origins = try placeCells()
    let reconfigured = try reconfiguredCells(origins)
    try checkMarks(origins, reconfigured: reconfigured)
    return BatchUpdateSimulator.CellPlacement(origins: origins, reconfigured: reconfigured)
  }
}

extension BatchUpdateSimulator {
  /// What the batch does to one position (a section index, or a flattened item index) of
  /// the old state.
  enum OldRole {
    case untouched
    case deleted
    case reloaded
    /// Moves to this position of the new state.
    case movedOut(to: Int)

    /// Whether the element fills one of the new state's free positions, in old order:
    /// it is neither deleted nor moved. (Pattern matching, not `==`, which costs a call per
    /// test in debug builds, and these tests run once per item.)
    var staysInPlace: Bool {
      switch self {
      case .untouched, .reloaded: true
      case .deleted, .movedOut: false
      }
    }
  }

  /// What the batch puts at one position of the new state.
  enum NewRole {
    /// Filled by the next surviving (or reloaded) element of the old state.
    case free
    case inserted
    /// Filled by the element at this position of the old state.
    case movedIn(from: Int)
  }

  /// The working state of one replay. Items are addressed by their flattened index
  /// (section start plus item index), so every lookup is an array access and the replay is
  /// linear.
  final class Replayer<S: Hashable, I: Hashable> {
    typealias Snapshot = DiffableDataSourceSnapshot<S, I>
    typealias Replay = BatchUpdateReplay<S, I>

    let update: BatchUpdate
    let old: Snapshot
    let new: Snapshot
    let oldSections: [S]
    let newSections: [S]
    let oldItems: [I]
    let newItems: [I]
    /// The flattened index of each old section's first item, then the number of items.
    let oldStarts: [Int]
    /// The flattened index of each new section's first item, then the number of items.
    let newStarts: [Int]

    var oldSectionRoles: [OldRole]
    var newSectionRoles: [NewRole]
    /// Where each section after the update comes from; set by `placeSections()`.
    var sectionOrigins: [BatchUpdateSimulator.SectionOrigin] = []

    var oldItemRoles: [OldRole]
    var newItemRoles: [NewRole]
    /// Per old section, for the counting rule.
    var deletedCounts: [Int]
    var movedOutCounts: [Int]
    /// Per new section, for the counting rule.
    var insertedCounts: [Int]
    var movedInCounts: [Int]

    init(update: BatchUpdate, old: Snapshot, new: Snapshot) {
      self.update = update
      self.old = old
      self.new = new
      oldSections = old.sectionIdentifiers
      newSections = new.sectionIdentifiers
      oldItems = old.itemIdentifiers
      newItems = new.itemIdentifiers
      oldStarts = Self.sectionStarts(of: old)
      newStarts = Self.sectionStarts(of: new)
      oldSectionRoles = Array(repeating: .untouched, count: oldSections.count)
      newSectionRoles = Array(repeating: .free, count: newSections.count)
      oldItemRoles = Array(repeating: .untouched, count: oldItems.count)
      newItemRoles = Array(repeating: .free, count: newItems.count)
      deletedCounts = Array(repeating: 0, count: oldSections.count)
      movedOutCounts = deletedCounts
      insertedCounts = Array(repeating: 0, count: newSections.count)
      movedInCounts = insertedCounts
    }

    private static func sectionStarts(of snapshot: Snapshot) -> [Int] {
      var starts = [0]
      starts.reserveCapacity(snapshot.numberOfSections + 1)
      var end = 0
      for section in snapshot.sectionIdentifiers {
        end += snapshot.numberOfItems(inSection: section)
        starts.append(end)
      }
      return starts
    }

    func oldCount(ofSection section: Int) -> Int { oldStarts[section + 1] - oldStarts[section] }

    func newCount(ofSection section: Int) -> Int { newStarts[section + 1] - newStarts[section] }

    /// The index path of a flattened old item index.
    func oldPath(ofFlat flat: Int) -> IndexPath {
      BatchUpdateSimulator.path(ofFlat: flat, starts: oldStarts)
    }

    /// The index path of a flattened new item index.
    func newPath(ofFlat flat: Int) -> IndexPath {
      BatchUpdateSimulator.path(ofFlat: flat, starts: newStarts)
    }
  }

  /// The index path of a flattened index, given each section's start.
  static func path(ofFlat flat: Int, starts: [Int]) -> IndexPath {
    let section = self.section(ofFlat: flat, starts: starts)
    return makeIndexPath(section: section, item: flat - starts[section])
  }

  /// The section of a flattened index, given each section's start (then the total): the
  /// first one that ends beyond the index (binary search, so empty sections are skipped).
  static func section(ofFlat flat: Int, starts: [Int]) -> Int {
    var low = 0
    var high = starts.count - 2
    while low < high {
      let middle = low + (high - low) / 2
      if starts[middle + 1] > flat {
        high = middle
      } else {
        low = middle + 1
      }
    }
    return low
  }

  /// A two-index path. `IndexPath(item:section:)` comes from UIKit or AppKit on Apple
  /// platforms, which this module does not import; `init(indexes:)` allocates an array,
  /// and `appending(_:)` on a one-index path is the cheapest way there (about 8 ns on Linux).
  static func makeIndexPath(section: Int, item: Int) -> IndexPath {
    IndexPath(index: section).appending(item)
  }
}
