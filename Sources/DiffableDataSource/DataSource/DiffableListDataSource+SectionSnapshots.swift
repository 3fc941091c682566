extension DiffableListDataSource {
  /// The outline of a section: the section snapshot last applied to it, or a flat one of
  /// its items; empty for a section the view does not show.
  ///
  /// - Complexity: O(1) for an applied outline; O(*k*) to build a flat one of *k* items.
  public func snapshot(for section: SectionIdentifierType) -> SectionSnapshot {
    if let outline = sectionSnapshots[section] { return outline }
    var flat = SectionSnapshot()
    if current.indexOfSection(section) != nil {
      flat.append(current.itemIdentifiers(inSection: section))
    }
    return flat
  }

  /// Shows a section snapshot in one section: the section's rows become the outline's
  /// visible items, diffed and applied in one batch like a full snapshot. A section the
  /// view does not show yet is appended at the end.
  ///
  /// - Precondition: Not called while another apply is in progress.
  public func apply(
    _ sectionSnapshot: SectionSnapshot, to section: SectionIdentifierType,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    let method: StaticString = "apply(_:to:animatingDifferences:completion:)"
    _checkNotApplying(method)
    var next = current
    next.replaceItems(inSection: section, with: sectionSnapshot)
    // A row that stays but expands or collapses draws its disclosure differently: refresh
    // its cell in place, as UIKit turns the disclosure of the row the user clicked.
    if let previous = sectionSnapshots[section] {
      let changed = sectionSnapshot.visibleItems.filter {
        previous.contains($0) && previous.isExpanded($0) != sectionSnapshot.isExpanded($0)
      }
      if !changed.isEmpty { next.reconfigureItems(changed) }
    }
    // Stored first: the view may ask for outline state while it applies the batch.
    sectionSnapshots[section] = sectionSnapshot
    _apply(
      next, animatingDifferences: animatingDifferences, keepingOutlineOf: section,
      method: method, completion: completion)
  }

  /// Shows a section snapshot in one section and waits until the view has applied it.
  nonisolated(nonsending) public func apply(
    _ sectionSnapshot: SectionSnapshot, to section: SectionIdentifierType,
    animatingDifferences: Bool = true
  ) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      apply(sectionSnapshot, to: section, animatingDifferences: animatingDifferences) {
        continuation.resume()
      }
    }
  }

  /// Expands or collapses an outline item the user acted on, through the handlers.
  ///
  /// Returns whether anything changed: nothing does when the item is not in an outline,
  /// is already in that state, or a `should…` handler vetoes it.
  func _setExpanded(_ expanded: Bool, item: ItemIdentifierType, section: SectionIdentifierType)
    -> Bool
  {
    // The user acted on what the view showed; applies called earlier from another thread
    // land first, and the outline is read after them.
    if !isApplying && !pendingApplies.isEmpty { _drainPendingApplies() }
    guard var outline = sectionSnapshots[section], outline.contains(item),
      outline.isExpanded(item) != expanded
    else { return false }
    let handlers = sectionSnapshotHandlers
    if expanded {
      if let shouldExpand = handlers.shouldExpandItem, !shouldExpand(item) { return false }
      handlers.willExpandItem?(item)
      if let loadChildren = handlers.snapshotForExpandingParent {
        let children = outline.snapshot(of: item, includingParent: false)
        outline.replace(childrenOf: item, using: loadChildren(item, children))
      }
      outline.expand([item])
    } else {
      if let shouldCollapse = handlers.shouldCollapseItem, !shouldCollapse(item) { return false }
      handlers.willCollapseItem?(item)
      outline.collapse([item])
    }
    apply(outline, to: section, animatingDifferences: true)
    return true
  }

  /// The outline state of an item shown in a section with an outline.
  func _outlineState(of item: ItemIdentifierType, section: SectionIdentifierType)
    -> OutlineItemState?
  {
    guard let outline = sectionSnapshots[section], let index = outline.index(of: item) else {
      return nil
    }
    let level = outline.level(of: item)
    let items = outline.items
    // In depth-first order, an item has children exactly when the next item is deeper.
    let hasChildren = index + 1 < items.count && outline.level(of: items[index + 1]) > level
    return OutlineItemState(
      level: level, hasChildren: hasChildren, isExpanded: outline.isExpanded(item))
  }
}
