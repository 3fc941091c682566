import OrderedCollections

extension DiffableDataSourceSnapshot {
  /// Creates a snapshot with one section whose items are the visible items of a section
  /// snapshot.
  ///
  /// - Parameters:
  ///   - section: The identifier of the only section.
  ///   - sectionSnapshot: The outline whose visible items fill it.
  /// - Complexity: O(*v*) expected for *v* visible items.
  @inlinable
  public init(
    section: SectionIdentifierType,
    with sectionSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  ) {
    self.init()
    appendSections([section])
    appendItems(sectionSnapshot.visibleItems, toSection: section)
  }

  /// Replaces the items of a section with the visible items of a section snapshot, in
  /// order, as applying a section snapshot to a section does.
  ///
  /// The section snapshot's hierarchy is not kept: the section holds the rows it shows.
  /// So the ``BatchUpdate`` between two snapshots that differ by expanding an item inserts
  /// exactly the rows that appear, and collapsing deletes the rows that disappear.
  ///
  /// A section that does not exist is appended at the end, as Apple does when a section
  /// snapshot is applied to an unknown section. A visible item that is in another section
  /// is moved here, with a warning through ``DiffableDiagnostics``, as
  /// ``appendItems(_:toSection:)`` does. Reload and reconfigure marks are kept on the items
  /// that remain in the snapshot and dropped from the others.
  ///
  /// - Parameters:
  ///   - section: The section whose items to replace.
  ///   - sectionSnapshot: The outline whose visible items the section gets.
  /// - Complexity: O(*m* + *v*) expected for *m* items removed and *v* visible items
  ///   added, plus O(*t* + *s*) for the *t* items and *s* sections after the section;
  ///   O(*n*) when an item is moved from another section.
  @inlinable
  public mutating func replaceItems(
    inSection section: SectionIdentifierType,
    with sectionSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  ) {
    let method: StaticString = "replaceItems(inSection:with:)"
    let index: Int
    if let existing = _sections.firstIndex(of: section) {
      index = existing
    } else {
      appendSections([section])
      index = _sections.count &- 1
    }
    // Marks are set aside while the items change, then kept on the items still present.
    let reloaded = _reloadedItems
    let reconfigured = _reconfiguredItems
    _reloadedItems = []
    _reconfiguredItems = []
    let range = _sectionRange(index)
    if !range.isEmpty {
      _items.removeSubrange(range)
      for later in index..<_sectionEnds.count { _sectionEnds[later] &-= range.count }
    }
    _insertItems(sectionSnapshot.visibleItems, at: .endOfSection(index), method)
    if !reloaded.isEmpty || !reconfigured.isEmpty {
      _reloadedItems = reloaded.filter { _items.contains($0) }
      _reconfiguredItems = reconfigured.filter { _items.contains($0) }
    }
    _checkInvariants()
  }
}
