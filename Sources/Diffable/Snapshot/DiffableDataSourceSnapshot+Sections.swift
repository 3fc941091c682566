import OrderedCollections

extension DiffableDataSourceSnapshot {
  /// Adds empty sections at the end.
  ///
  /// - Precondition: None of the sections exists yet and `identifiers` holds no duplicates.
  /// - Complexity: O(*k*) expected.
  @inlinable
  public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
    _insertSections(identifiers, at: _sections.count, "appendSections(_:)")
  }

  /// Inserts empty sections just before an existing section.
  ///
  /// - Precondition: `toIdentifier` exists and is not in `identifiers`; none of
  ///   `identifiers` exists yet or appears twice.
  /// - Complexity: O(*s* + *k*) expected, where *s* is the number of sections.
  @inlinable
  public mutating func insertSections(
    _ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType
  ) {
    let method: StaticString = "insertSections(_:beforeSection:)"
    let target = _requireTargetSection(toIdentifier, notIn: identifiers, method)
    _insertSections(identifiers, at: target, method)
  }

  /// Inserts empty sections just after an existing section.
  ///
  /// - Precondition: `toIdentifier` exists and is not in `identifiers`; none of
  ///   `identifiers` exists yet or appears twice.
  /// - Complexity: O(*s* + *k*) expected, where *s* is the number of sections.
  @inlinable
  public mutating func insertSections(
    _ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType
  ) {
    let method: StaticString = "insertSections(_:afterSection:)"
    let target = _requireTargetSection(toIdentifier, notIn: identifiers, method)
    _insertSections(identifiers, at: target &+ 1, method)
  }

  /// Deletes sections with all their items. Unknown sections are ignored, as Apple does.
  ///
  /// Marks on the deleted sections and items are dropped.
  ///
  /// - Complexity: O(*n*) expected: one hash per identifier, then one pass over the item
  ///   storage that hashes nothing.
  @inlinable
  public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
    var doomed: [Int] = []
    for identifier in identifiers {
      if let index = _sections.firstIndex(of: identifier) { doomed.append(index) }
    }
    guard !doomed.isEmpty else { return }
    doomed.sort()
    _removeAdjacentDuplicates(&doomed)
    if !_reloadedItems.isEmpty || !_reconfiguredItems.isEmpty {
      for section in doomed {
        for identifier in _items.elements(in: _sectionRange(section)) {
          _reloadedItems.remove(identifier)
          _reconfiguredItems.remove(identifier)
        }
      }
    }
    if !_reloadedSections.isEmpty {
      for section in doomed { _reloadedSections.remove(_sections[section]) }
    }
    // Item storage first (it needs the old geometry), then the section list.
    if doomed.count == 1 {
      _items.removeSubrange(_sectionRange(doomed[0]))
    } else {
      var flags = [Bool](repeating: false, count: _items.count)
      for section in doomed {
        for index in _sectionRange(section) { flags[index] = true }
      }
      _items.removeAll(flaggedBy: flags)
    }
    var counts = _sectionCounts()
    for section in doomed.reversed() {
      _sections.remove(at: section)
      counts.remove(at: section)
    }
    _setSectionEnds(fromCounts: counts)
    _checkInvariants()
  }

  /// Moves a section, with its items, just before another section.
  ///
  /// - Precondition: Both sections exist and differ.
  /// - Complexity: O(*d* + *s*), where *d* is the number of items the section's items pass.
  @inlinable
  public mutating func moveSection(
    _ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType
  ) {
    _moveSection(
      identifier, relativeTo: toIdentifier, after: false, "moveSection(_:beforeSection:)")
  }

  /// Moves a section, with its items, just after another section.
  ///
  /// - Precondition: Both sections exist and differ.
  /// - Complexity: O(*d* + *s*), where *d* is the number of items the section's items pass.
  @inlinable
  public mutating func moveSection(
    _ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType
  ) {
    _moveSection(identifier, relativeTo: toIdentifier, after: true, "moveSection(_:afterSection:)")
  }
}

// MARK: - Implementation

extension DiffableDataSourceSnapshot {
  @inlinable
  internal func _requireTargetSection(
    _ target: SectionIdentifierType,
    notIn identifiers: [SectionIdentifierType],
    _ method: StaticString
  ) -> Int {
    guard let index = _sections.firstIndex(of: target) else {
      preconditionFailure(
        "\(method): target section identifier \(target) does not exist in the snapshot")
    }
    return index
  }

  @inlinable
  internal mutating func _insertSections(
    _ identifiers: [SectionIdentifierType], at position: Int, _ method: StaticString
  ) {
    guard !identifiers.isEmpty else { return }
    // Hashes each once, and shares the array's storage when none repeats.
    let fresh = OrderedSet(identifiers)
    if fresh.count != identifiers.count {
      preconditionFailure(
        "\(method): duplicate section identifiers in the arguments: "
          + "\(_repeatedElements(in: identifiers))")
    }
    if _sections.isEmpty {
      // The first sections of a snapshot (how snapshots are built): the set just made is the
      // snapshot's, with no item before any of them. Appending it would hash each again.
      _sections = fresh
      _sectionEnds = Array(repeating: 0, count: fresh.count)
      _checkInvariants()
      return
    }
    let present = identifiers.filter { _sections.contains($0) }
    precondition(
      present.isEmpty, "\(method): section identifiers \(present) already exist in the snapshot")
    let start = _sectionStart(position)
    if position == _sections.count {
      _sections.append(contentsOf: fresh)
      _sectionEnds.append(contentsOf: repeatElement(start, count: fresh.count))
    } else {
      var sections = _sections.elements
      sections.insert(contentsOf: fresh, at: position)
      _sections = OrderedSet(uncheckedUniqueElements: sections)
      _sectionEnds.insert(contentsOf: repeatElement(start, count: fresh.count), at: position)
    }
    _checkInvariants()
  }

  @inlinable
  internal mutating func _moveSection(
    _ identifier: SectionIdentifierType,
    relativeTo target: SectionIdentifierType,
    after: Bool,
    _ method: StaticString
  ) {
    let source = _requireSection(identifier, method)
    guard let destination = _sections.firstIndex(of: target) else {
      preconditionFailure(
        "\(method): target section identifier \(target) does not exist in the snapshot")
    }
    precondition(
      source != destination,
      "\(method): section identifier \(identifier) cannot move onto itself")
    let insertion = after ? destination &+ 1 : destination
    _items.moveSubrange(_sectionRange(source), to: _sectionStart(insertion))
    var counts = _sectionCounts()
    let count = counts.remove(at: source)
    let landing = insertion > source ? insertion &- 1 : insertion
    counts.insert(count, at: landing)
    _sections.moveSubrange(source..<source &+ 1, to: insertion)
    _setSectionEnds(fromCounts: counts)
    _checkInvariants()
  }

  /// The number of items in each section, in order.
  @inlinable
  internal func _sectionCounts() -> [Int] {
    var previous = 0
    return _sectionEnds.map { end in
      defer { previous = end }
      return end &- previous
    }
  }

  @inlinable
  internal mutating func _setSectionEnds(fromCounts counts: [Int]) {
    var end = 0
    _sectionEnds = counts.map { count in
      end &+= count
      return end
    }
  }
}
