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
    let method = "listView(_:moveItemAt:to:)"
    guard let item = current.itemIdentifier(at: source) else {
      preconditionFailure("\(method): no item at the source index path \(source)")
    }
    precondition(
      destination.count == 2 && destination[0] >= 0
        && destination[0] < current.numberOfSections,
      "\(method): destination \(destination) names no section")
    let destinationSection = current.sectionIdentifiers[destination[0]]
    var others = current.itemIdentifiers(inSection: destinationSection)
    others.removeAll { $0 == item }
    precondition(
      destination[1] >= 0 && destination[1] <= others.count,
      "\(method): destination \(destination) is beyond the \(others.count) other items of its section"
    )
    var final = current
    if destination[1] < others.count {
      final.moveItem(item, beforeItem: others[destination[1]])
    } else if let last = others.last {
      final.moveItem(item, afterItem: last)
    } else {
      final.deleteItems([item])
      final.appendItems([item], toSection: destinationSection)
    }
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
