import OrderedCollections

extension DiffableDataSourceSnapshot {
  /// Marks items so that applying this snapshot replaces their cells with new ones.
  ///
  /// Marks are kept in call order without duplicates; marking an item twice is harmless.
  /// A diff honours them: the item is reloaded, or deleted and inserted when it also moves.
  ///
  /// - Precondition: Every identifier is in the snapshot.
  /// - Complexity: O(*k*) expected.
  @inlinable
  public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
    _requireItems(identifiers, "reloadItems(_:)")
    _reloadedItems.append(contentsOf: identifiers)
  }

  /// Marks items so that applying this snapshot refreshes their existing cells in place,
  /// keeping the cell (and its state, such as focus or selection).
  ///
  /// - Precondition: Every identifier is in the snapshot.
  /// - Complexity: O(*k*) expected.
  @inlinable
  public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
    _requireItems(identifiers, "reconfigureItems(_:)")
    _reconfiguredItems.append(contentsOf: identifiers)
  }

  /// Marks sections so that applying this snapshot reloads them.
  ///
  /// - Precondition: Every identifier is a section of the snapshot.
  /// - Complexity: O(*k*) expected.
  @inlinable
  public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
    let unknown = identifiers.filter { !_sections.contains($0) }
    precondition(
      unknown.isEmpty,
      "reloadSections(_:): section identifiers \(unknown) do not exist in the snapshot")
    _reloadedSections.append(contentsOf: identifiers)
  }

  /// The items marked with ``reloadItems(_:)`` on this value, in call order.
  ///
  /// A snapshot taken from a data source carries no marks.
  ///
  /// - Complexity: O(1)
  @inlinable
  public var reloadedItemIdentifiers: [ItemIdentifierType] { _reloadedItems.elements }

  /// The items marked with ``reconfigureItems(_:)`` on this value, in call order.
  ///
  /// - Complexity: O(1)
  @inlinable
  public var reconfiguredItemIdentifiers: [ItemIdentifierType] { _reconfiguredItems.elements }

  /// The sections marked with ``reloadSections(_:)`` on this value, in call order.
  ///
  /// - Complexity: O(1)
  @inlinable
  public var reloadedSectionIdentifiers: [SectionIdentifierType] { _reloadedSections.elements }

  /// Whether the value carries any reload or reconfigure mark.
  ///
  /// - Complexity: O(1)
  @inlinable
  public var hasMarks: Bool {
    !(_reloadedItems.isEmpty && _reconfiguredItems.isEmpty && _reloadedSections.isEmpty)
  }

  /// A copy of this snapshot without marks: what a data source keeps once it has applied
  /// the snapshot.
  ///
  /// - Complexity: O(1)
  @inlinable
  public var withoutMarks: Self {
    var copy = self
    copy._reloadedItems = []
    copy._reconfiguredItems = []
    copy._reloadedSections = []
    return copy
  }

  @inlinable
  internal func _requireItems(_ identifiers: [ItemIdentifierType], _ method: StaticString) {
    let unknown = identifiers.filter { !_items.contains($0) }
    precondition(
      unknown.isEmpty, "\(method): item identifiers \(unknown) do not exist in the snapshot")
  }
}
