#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension DiffableListDataSource {
  /// Whether the user may move an item: `canReorderItem` must be set and allow it, and the
  /// item must not sit in a hierarchical outline (moving a row there would have to move a
  /// subtree, which the view cannot show as one row's move).
  func _canReorder(_ item: ItemIdentifierType, section: SectionIdentifierType) -> Bool {
    guard let canReorder = reorderingHandlers.canReorderItem else { return false }
    if let outline = sectionSnapshots[section], outline.rootItems.count != outline.items.count {
      return false
    }
    return canReorder(item)
  }

  /// The user moved an item, and the view already shows the result: update the snapshot
  /// to match (no batch is sent) and tell the reordering handlers.
  ///
  /// An item moved into a hierarchical outline (from another section: the outline's own
  /// items cannot move) joins it beside the row it landed next to, at that row's level,
  /// and the outline keeps its tree; the section transaction reports it so.
  ///
  /// - Precondition: `source` names an item and `destination` a position of the state
  ///   after the move.
  func _reorder(from source: IndexPath, to destination: IndexPath) {
    var final = current
    final.moveItem(at: source, to: destination)
    guard final != current else { return }
    let flat = DiffableDataSourceTransaction(initialSnapshot: current, finalSnapshot: final)
    let sectionTransactions = flat.sectionTransactions.map { change in
      let section = change.sectionIdentifier
      guard let outline = sectionSnapshots[section], outline.rootItems.count != outline.items.count
      else { return change }
      return DiffableDataSourceSectionTransaction(
        sectionIdentifier: section, initialSnapshot: outline,
        finalSnapshot: Self._outline(
          outline, taking: final.itemIdentifiers(inSection: section), at: destination.item))
    }
    let transaction = DiffableDataSourceTransaction(
      initialSnapshot: current, finalSnapshot: final, difference: flat.difference,
      sectionTransactions: sectionTransactions)
    reorderingHandlers.willReorder?(transaction)
    current = final
    for sectionTransaction in transaction.sectionTransactions
    where sectionSnapshots[sectionTransaction.sectionIdentifier] != nil {
      sectionSnapshots[sectionTransaction.sectionIdentifier] = sectionTransaction.finalSnapshot
    }
    reorderingHandlers.didReorder?(transaction)
  }

  /// `outline` with the item at `index` of `shown` (the section's rows after the move)
  /// inserted where it shows: before the row that follows it, or after the one before it,
  /// at that row's level.
  static func _outline(
    _ outline: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
    taking shown: [ItemIdentifierType], at index: Int
  ) -> DiffableDataSourceSectionSnapshot<ItemIdentifierType> {
    var outline = outline
    let item = [shown[index]]
    if index + 1 < shown.count {
      outline.insert(item, before: shown[index + 1])
    } else if index > 0 {
      outline.insert(item, after: shown[index - 1])
    } else {
      outline.append(item)
    }
    return outline
  }
}
