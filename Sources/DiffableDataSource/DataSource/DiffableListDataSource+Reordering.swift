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
  /// - Precondition: `source` names an item and `destination` a position of the state
  ///   after the move.
  func _reorder(from source: IndexPath, to destination: IndexPath) {
    var final = current
    final.moveItem(at: source, to: destination)
    guard final != current else { return }
    let transaction = DiffableDataSourceTransaction(initialSnapshot: current, finalSnapshot: final)
    reorderingHandlers.willReorder?(transaction)
    current = final
    // Flat outlines follow their section's new order; the others no longer match.
    for sectionTransaction in transaction.sectionTransactions
    where sectionSnapshots[sectionTransaction.sectionIdentifier] != nil {
      sectionSnapshots[sectionTransaction.sectionIdentifier] = sectionTransaction.finalSnapshot
    }
    reorderingHandlers.didReorder?(transaction)
  }
}
