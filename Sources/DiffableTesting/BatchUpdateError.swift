/// A batch-update rule that a `BatchUpdate` breaks, as found by ``BatchUpdateSimulator``.
///
/// UIKit raises `NSInternalInconsistencyException` for most of these; the rest (a wrong
/// result, an ignored mark, a lost cell) are silent mis-animations or stale cells. The
/// ``message`` names the offending indexes and identifiers, in UIKit's wording where UIKit
/// has one.
///
///     do {
///       _ = try BatchUpdateSimulator.replay(update, from: old, to: new)
///     } catch {
///       print(error.rule, error.message)
///     }
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The rules a batch must obey, one case per rule.
  ///
  /// Index spaces: section and item deletes, reloads and move sources name positions in the
  /// old snapshot; inserts and move destinations name positions in the new snapshot;
  /// reconfigures name positions in the new snapshot and apply after the structural batch.
  public enum Rule: Hashable, Sendable, CaseIterable {
    /// A section index outside its state: a delete, reload or move source at or beyond the
    /// old number of sections, an insert or move destination at or beyond the new number,
    /// or a negative index.
    case sectionIndexOutOfRange
    /// An item index path outside its state: its section does not exist in the state the
    /// operation names, its item index is at or beyond that section's count (old counts for
    /// deletes, reloads and move sources; new counts for inserts, move destinations and
    /// reconfigures), or an index is negative. (A path without exactly two indexes never
    /// reaches the simulator: `BatchUpdate` stops when one is stored.)
    case itemIndexOutOfRange
    /// An old section deleted twice, reloaded twice, moved twice, or both deleted and moved;
    /// or a new section inserted twice, inserted and also a move destination, or the
    /// destination of two moves.
    case sectionUsedTwice
    /// An old item position deleted twice, reloaded twice, moved twice, or both deleted and
    /// moved; or a new item position inserted twice, inserted and also a move destination,
    /// or the destination of two moves.
    case itemUsedTwice
    /// A section that is reloaded and also deleted or moved. A reload deletes and inserts
    /// the section in place; a section that moves and must be reloaded is deleted and
    /// inserted instead.
    case sectionReloadConflict
    /// An item position that is reloaded and also deleted or moved. A reload deletes and
    /// inserts the item in place; an item that moves and must be reloaded is deleted and
    /// inserted instead.
    case itemReloadConflict
    /// An item operation inside a section that the same batch deletes, inserts or reloads:
    /// a delete, reload or move source in a deleted or reloaded old section, or an insert
    /// or move destination in an inserted or reloaded new section. The section operation
    /// already covers those items.
    case itemInChangedSection
    /// An item operation inside a section that moves in the same batch: a delete, reload or
    /// move source in the moving section's old index, or an insert or move destination in
    /// its new index. UICollectionView corrupts its state on this combination, so the
    /// simulator rejects it: delete and insert such a section instead. Reconfigures do not
    /// count, because they apply after the batch.
    case itemChangeInMovedSection
    /// The number of sections after the update is not the number before, minus the deleted
    /// sections, plus the inserted ones.
    case sectionCountMismatch
    /// For a section that exists before and after the update and is not reloaded, the
    /// number of items after the update is not the number before, minus deleted, plus
    /// inserted, minus moved out, plus moved in.
    case itemCountMismatch
    /// A reconfigure that names a fresh cell (inserted, reloaded, or in an inserted or
    /// reloaded section), or the same position twice. A reconfigure refreshes an existing
    /// cell in place; a fresh cell already shows the new content.
    case invalidReconfigure
    /// The replayed sections and items differ from the new snapshot.
    case landingMismatch
    /// An item marked with `reloadItems(_:)` in the new snapshot, present before and after,
    /// keeps its cell: it must be reloaded, deleted and inserted, or sit in a fresh section.
    case reloadMarkIgnored
    /// An item marked with `reconfigureItems(_:)` in the new snapshot, present before and
    /// after, keeps its cell without being reconfigured.
    case reconfigureMarkIgnored
    /// A section marked with `reloadSections(_:)` in the new snapshot, present before and
    /// after, is kept or moved: it must be reloaded, or deleted and inserted.
    case sectionReloadMarkIgnored
    /// An item present before and after, not marked for reload, whose old and new sections
    /// both keep their cells, gets a new cell anyway (it is reloaded, or deleted and
    /// inserted): the view loses the cell's state and animates a replacement instead of a
    /// move. Reported only by ``BatchUpdateReplay/checkIdentityPreserved()``.
    case identityNotPreserved
  }

  /// The rule the batch breaks.
  public var rule: Rule
  /// What is wrong, naming the offending indexes and identifiers.
  public var message: String

  /// Creates an error for a broken rule.
  public init(rule: Rule, message: String) {
    self.rule = rule
    self.message = message
  }

  /// The rule and the message, as `[rule] message`.
  public var description: String { "[\(rule)] \(message)" }
}
