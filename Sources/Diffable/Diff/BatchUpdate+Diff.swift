import OrderedCollections

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension BatchUpdate {
  /// Computes the one batch that takes a list view from `old` to `new`.
  ///
  /// The batch is valid under UIKit's batch-update rules, honours the marks on `new`
  /// (`reloadItems`, `reconfigureItems`, `reloadSections`), and moves as little as
  /// possible. How the rules shape it:
  ///
  /// - Sections and items that keep their relative order stay; only those outside a longest
  ///   increasing subsequence of old positions move. Items may move across sections.
  /// - A reloaded item that also moves is deleted and inserted (a reload and a move of the
  ///   same item crash UIKit).
  /// - A section that moves while its items change is deleted and inserted instead
  ///   (UICollectionView mis-animates and corrupts memory otherwise); a reloaded section
  ///   that moves likewise. Items leaving or entering such sections, or deleted and inserted
  ///   sections, are plain item deletes and inserts.
  /// - A reconfigured item keeps its cell, even when it moves; reconfigures name new index
  ///   paths and apply after the batch.
  /// - Only the marks of `new` count: `old` is the state already on screen.
  ///
  /// - Complexity: O(*n* + *m* log *m*) expected time and O(*n*) memory, where *n* counts
  ///   the items of both snapshots and *m* the items that stay in their section. Unchanged
  ///   ends of a section cost one equality check per item. In the changed stretch, an item
  ///   that follows the one before it in `old` (at most four positions further: past up to
  ///   three deleted items) also costs one to four equality checks and no hash; an item
  ///   that does not costs those four, then its lookup. The others are looked up by one
  ///   hash each, or, when they cover at least 1/16 of `new`'s index table, found by
  ///   walking the two tables side by side with the hashes both snapshots stored when they
  ///   were built, which hashes only an item whose stored bits first match another item's
  ///   (one in billions per probe). A shuffled stretch costs one extra lookup per 66
  ///   items before that walk. Beyond that only marks are hashed. When the two snapshots
  ///   are equal and `new` has no marks, the cost is one equality pass.
  @inlinable
  public init<SectionIdentifierType, ItemIdentifierType>(
    from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) {
    self.init()
    if !new.hasMarks && old == new { return }
    var differ = _SnapshotDiffer(old: old, new: new)
    differ.diffSections(into: &self)
    differ.diffItems(into: &self)
    differ.reconfigure(into: &self)
  }
}

/// The working state of one diff. A struct whose buffers are reused by every section's
/// passes. A section with moves, or with 64 inserts or more, writes them into arrays of
/// their own, and the deletes of the whole diff go into one; each is handed to the batch
/// whole (`_hand`) or appended to what earlier sections wrote.
@usableFromInline
internal struct _SnapshotDiffer<Section: Hashable, Item: Hashable> {
  @usableFromInline internal typealias Snapshot = DiffableDataSourceSnapshot<Section, Item>

  @usableFromInline internal let old: Snapshot
  @usableFromInline internal let new: Snapshot

  /// For each new section, the index of the same section in `old`, or -1.
  @usableFromInline internal var newSectionToOld: [Int]
  /// For each old section: its cells do not carry over (deleted, replaced or reloaded).
  @usableFromInline internal var oldSectionIsGone: [Bool]
  /// For each new section: its cells are all new (inserted, replaced or reloaded).
  @usableFromInline internal var newSectionIsFresh: [Bool]
  /// For each new section: it moved with exactly the same items, so no item work is needed.
  @usableFromInline internal var newSectionMovedIntact: [Bool]
  /// For each old section: the same, seen from the old side.
  @usableFromInline internal var oldSectionMovedIntact: [Bool]
  /// For each new flattened index: the item is marked for reload. Empty when no item is.
  @usableFromInline internal var reloadFlags: [Bool]
  /// For each old flattened index: the item keeps its cell (found in a surviving section,
  /// and not a reloaded item that moves, which must be deleted although it survives). One
  /// bit per item rather than its new index: a shuffle writes it in random order, and the
  /// smaller array stays in cache (see `_BitFlags`).
  @usableFromInline internal var oldIsKept: _BitFlags

  // Buffers reused by every section's pass.
  /// Per new item of the range being diffed: its old flat index, or -1.
  @usableFromInline internal var sources: [Int] = []
  /// Old flat indexes of the items that may stay in their section, in new order.
  @usableFromInline internal var staySources: [Int] = []
  /// Whether each of `staySources` stays (is in the longest increasing subsequence).
  @usableFromInline internal var stays: [Bool] = []

  @inlinable
  internal init(old: Snapshot, new: Snapshot) {
    self.old = old
    self.new = new
    newSectionToOld = []
    oldSectionIsGone = []
    newSectionIsFresh = []
    newSectionMovedIntact = []
    oldSectionMovedIntact = []
    reloadFlags = []
    oldIsKept = _BitFlags(count: 0)
  }

  // MARK: Sections

  @inlinable
  internal mutating func diffSections(into update: inout BatchUpdate) {
    let oldCount = old._sections.count
    let newCount = new._sections.count
    newSectionToOld = Array(repeating: -1, count: newCount)
    var oldSectionMatched = Array(repeating: false, count: oldCount)
    var matchedOld: [Int] = []
    matchedOld.reserveCapacity(newCount)
    for section in 0..<newCount {
      if let source = old._sections.firstIndex(of: new._sections[section]) {
        newSectionToOld[section] = source
        oldSectionMatched[source] = true
        matchedOld.append(source)
      }
    }

    var sectionIsReloaded = Array(repeating: false, count: newCount)
    for identifier in new._reloadedSections {
      sectionIsReloaded[_locate(identifier, in: new._sections)] = true
    }
    var sectionHasReloadedItem = Array(repeating: false, count: newCount)
    if !new._reloadedItems.isEmpty {
      reloadFlags = Array(repeating: false, count: new._items.count)
      for identifier in new._reloadedItems {
        let index = _locate(identifier, in: new._items)
        reloadFlags[index] = true
        sectionHasReloadedItem[new._section(containingFlatIndex: index)] = true
      }
    }

    var staying: [Bool] = []
    matchedOld.withUnsafeBufferPointer { values in
      _ = _markLongestIncreasingSubsequence(values, into: &staying)
    }

    oldSectionIsGone = Array(repeating: false, count: oldCount)
    newSectionIsFresh = Array(repeating: false, count: newCount)
    newSectionMovedIntact = Array(repeating: false, count: newCount)
    oldSectionMovedIntact = Array(repeating: false, count: oldCount)
    var matched = 0
    var deletedOutOfOrder = false
    for section in 0..<newCount {
      let source = newSectionToOld[section]
      guard source >= 0 else {
        update.insertedSections.append(section)
        newSectionIsFresh[section] = true
        continue
      }
      defer { matched &+= 1 }
      if staying[matched] {
        if sectionIsReloaded[section] {
          update.reloadedSections.append(source)
          oldSectionIsGone[source] = true
          newSectionIsFresh[section] = true
        }
        continue
      }
      let intact =
        !sectionIsReloaded[section] && !sectionHasReloadedItem[section]
        && old._items.elementsEqual(
          in: old._sectionRange(source), new._items, in: new._sectionRange(section))
      if intact {
        update.movedSections.append(BatchUpdate.SectionMove(from: source, to: section))
        newSectionMovedIntact[section] = true
        oldSectionMovedIntact[source] = true
      } else {
        // A section cannot move while its items change: replace it.
        update.deletedSections.append(source)
        update.insertedSections.append(section)
        deletedOutOfOrder = true
        oldSectionIsGone[source] = true
        newSectionIsFresh[section] = true
      }
    }
    for section in 0..<oldCount where !oldSectionMatched[section] {
      update.deletedSections.append(section)
      oldSectionIsGone[section] = true
    }
    if deletedOutOfOrder || update.deletedSections.count > 1 {
      update.deletedSections.sort()
      update.insertedSections.sort()
    }
  }

  // MARK: Items

  @inlinable
  internal mutating func diffItems(into update: inout BatchUpdate) {
    oldIsKept = _BitFlags(count: old._items.count)

    for section in new._sections.indices {
      let source = newSectionToOld[section]
      guard source >= 0, !newSectionIsFresh[section], !newSectionMovedIntact[section] else {
        continue
      }
      let newRange = new._sectionRange(section)
      let oldRange = old._sectionRange(source)
      // Items shared at both ends stay where they are and need no hashing. They belong to
      // every longest increasing subsequence, so trimming them keeps the moves minimal.
      let limit = Swift.min(oldRange.count, newRange.count)
      // Through the buffers, compared without a retain (`_elementsEqual`): a subscript of the
      // snapshot would find the storage again for each item.
      let (prefix, suffix) = old._items._withElements { oldItems in
        new._items._withElements { newItems in
          var prefix = 0
          while prefix < limit
            && _IndexedArray<Item>._elementsEqual(
              oldItems, oldRange.lowerBound &+ prefix, newItems, newRange.lowerBound &+ prefix)
          {
            prefix &+= 1
          }
          var suffix = 0
          while suffix < limit &- prefix
            && _IndexedArray<Item>._elementsEqual(
              oldItems, oldRange.upperBound &- 1 &- suffix,
              newItems, newRange.upperBound &- 1 &- suffix)
          {
            suffix &+= 1
          }
          return (prefix, suffix)
        }
      }
      keep(prefix, from: oldRange.lowerBound, to: newRange.lowerBound, source, &update)
      diffMiddle(
        of: section, from: source,
        new: newRange.lowerBound &+ prefix..<newRange.upperBound &- suffix,
        old: oldRange, into: &update)
      keep(
        suffix, from: oldRange.upperBound &- suffix, to: newRange.upperBound &- suffix, source,
        &update)
    }

    // Old items of surviving sections that were not found (or must be re-created) go.
    // Counted first, so that the array is allocated once.
    var deletions = 0
    for section in old._sections.indices
    where !oldSectionIsGone[section] && !oldSectionMovedIntact[section] {
      deletions &+= oldIsKept.countClear(in: old._sectionRange(section))
    }
    // Through a pointer, as `diffMiddle` writes its moves and its inserts when many.
    let deleted = Self._array(of: BatchUpdate.ItemPosition.self, bound: deletions) {
      deleted, written in
      for section in old._sections.indices
      where !oldSectionIsGone[section] && !oldSectionMovedIntact[section] {
        let range = old._sectionRange(section)
        oldIsKept.forEachClear(in: range) { index in
          precondition(written < deletions, "diff: more deletes than counted")
          (deleted.unsafelyUnwrapped + written).initialize(
            to: BatchUpdate.ItemPosition(section: section, item: index &- range.lowerBound))
          written &+= 1
        }
      }
    }
    Self._hand(deleted, to: &update.deletedItems._positions)
  }

  /// Records `count` items that stay in place, from old flat index `from` to new `to`.
  @inlinable
  internal mutating func keep(
    _ count: Int, from: Int, to: Int, _ oldSection: Int, _ update: inout BatchUpdate
  ) {
    oldIsKept.setAll(in: from..<from &+ count)
    guard !reloadFlags.isEmpty else { return }
    let oldStart = old._sectionStart(oldSection)
    for offset in 0..<count where reloadFlags[to &+ offset] {
      update.reloadedItems.append(section: oldSection, item: from &+ offset &- oldStart)
    }
  }

  /// Diffs the new items in `newRange` (part of `section`) against `old`, where the same
  /// section holds `oldRange`.
  @inlinable
  internal mutating func diffMiddle(
    of section: Int, from source: Int, new newRange: Range<Int>, old oldRange: Range<Int>,
    into update: inout BatchUpdate
  ) {
    guard !newRange.isEmpty else { return }
    let hasReloads = !reloadFlags.isEmpty
    let newStart = new._sectionStart(section)
    let oldStart = old._sectionStart(source)
    // Pass 1: find every item in `old`. Most are where the item before them leads
    // (`_followRuns`); the rest are looked up one by one, hashing each, or, when they are
    // many next to the table, by joining the two index tables, which hashes almost nothing.
    var sources = self.sources
    self.sources = []
    defer { self.sources = sources }
    _refill(&sources, with: -2, count: newRange.count)
    sources.withUnsafeMutableBufferPointer { found in
      // The middle starts after the items both ends share, so the run starts after them too.
      let previous = oldStart &+ (newRange.lowerBound &- newStart) &- 1
      let unknown = old._items._followRuns(
        of: new._items, in: newRange, after: previous, into: found)
      guard unknown > 0 else { return }
      if unknown &* 16 >= new._items.table.count {
        old._items._offsets(of: new._items, in: newRange, into: found)
      } else {
        old._items._lookUp(unknownOf: new._items, in: newRange, into: found)
      }
    }
    var staySources = self.staySources
    self.staySources = []
    defer { self.staySources = staySources }
    // Written through pointers: an append checks the array's uniqueness each time.
    _refill(&staySources, with: 0, count: newRange.count)
    var misses = 0
    var stayingCount = 0
    let oldLower = oldRange.lowerBound
    let oldCount = UInt(bitPattern: oldRange.count)
    oldIsKept.words.withUnsafeMutableBufferPointer { kept in
      staySources.withUnsafeMutableBufferPointer { staying in
        sources.withUnsafeBufferPointer { origins in
          for from in origins {
            if from < 0 {
              misses &+= 1
              continue
            }
            _BitFlags._set(from, in: kept)
            // Written every time and kept when in this section's old range, without a branch
            // on it: where many items come from other sections, that branch is a coin toss.
            // In bounds: `stayingCount` never passes the number of items read.
            staying[stayingCount] = from
            stayingCount &+= UInt(bitPattern: from &- oldLower) < oldCount ? 1 : 0
          }
        }
      }
    }
    let crossing = sources.count &- misses &- stayingCount
    staySources.removeLast(staySources.count &- stayingCount)
    let stayCount = staySources.withUnsafeBufferPointer { values in
      _markLongestIncreasingSubsequence(values, into: &stays)
    }
    // Pass 2: emit in new order, so inserts and moves come out sorted. Moves, and inserts
    // when there are many, go through pointers into arrays of their own, with room for upper
    // bounds from the counts now known, then handed to the batch (`_hand`): appending each
    // to `update` checked that array's uniqueness with a runtime call and stored it back,
    // about half of this pass's instructions in a shuffle. Every item found in the old
    // snapshot outside the subsequence moves at most once; an insert is an item not found,
    // one from another section (whose old section is gone), or a reloaded one that moves. An
    // item from another section counts in both bounds: telling which it is takes a search
    // of the old sections, and `_hand` does not keep the room it did not need.
    let moveBound = sources.count &- misses &- stayCount
    let insertBound =
      misses &+ crossing
      &+ (hasReloads ? Swift.min(stayingCount &- stayCount, new._reloadedItems.count) : 0)
    // Writes this section's reloads, and its inserts and moves through `inserts` (room for
    // `insertBound`) and `moves` (room for `moveBound`).
    func emit(
      inserts: UnsafeMutablePointer<BatchUpdate.ItemPosition>?, inserted: inout Int,
      moves: UnsafeMutablePointer<BatchUpdate.ItemMove>?, written: inout Int
    ) {
      func insert(_ position: BatchUpdate.ItemPosition) {
        guard let inserts else {
          update.insertedItems._positions.append(position)
          return
        }
        precondition(inserted < insertBound, "diff: more inserts than items that can be inserted")
        (inserts + inserted).initialize(to: position)
        inserted &+= 1
      }
      // Read through pointers: with the arrays' subscripts, the pass checked the bounds of two
      // arrays and reloaded their storage for every item, 30 instructions for an item that
      // stays and needs nothing (most items, unless the section was shuffled); now 17.
      // The marks through a second reference rather than `self.stays`: the loop also writes
      // through `self` (`oldIsKept`, on the reload path), and an access to `self.stays` held
      // across the loop would overlap that write.
      let stayMarks = self.stays
      sources.withUnsafeBufferPointer { origins in
        stayMarks.withUnsafeBufferPointer { marks in
          var stayIndex = 0
          for offset in 0..<origins.count {
            let from = origins[offset]
            let index = newRange.lowerBound &+ offset
            // Also false for an item not found (-1): the difference wraps around.
            let inRange = UInt(bitPattern: from &- oldLower) < oldCount
            var stayed = false
            if inRange {
              stayed = marks[stayIndex]
              stayIndex &+= 1
              if stayed && !(hasReloads && reloadFlags[index]) { continue }
            }
            if from < 0 {
              insert(BatchUpdate.ItemPosition(section: section, item: index &- newStart))
              continue
            }
            let origin: BatchUpdate.ItemPosition
            if inRange {
              origin = BatchUpdate.ItemPosition(section: source, item: from &- oldStart)
            } else {
              let fromSection = old._section(containingFlatIndex: from)
              if oldSectionIsGone[fromSection] {
                // Its old section is deleted or replaced, which removes it there.
                insert(BatchUpdate.ItemPosition(section: section, item: index &- newStart))
                continue
              }
              origin = BatchUpdate.ItemPosition(
                section: fromSection, item: from &- old._sectionStart(fromSection))
            }
            let destination = BatchUpdate.ItemPosition(
              section: section, item: index &- newStart)
            if hasReloads && reloadFlags[index] {
              if stayed {
                update.reloadedItems._positions.append(origin)
              } else {
                // Reload plus move is invalid: delete and insert instead.
                oldIsKept[from] = false
                insert(destination)
              }
            } else {
              precondition(written < moveBound, "diff: more moves than items that can move")
              (moves.unsafelyUnwrapped + written).initialize(
                to: BatchUpdate.ItemMove(from: origin, to: destination))
              written &+= 1
            }
          }
        }
      }
    }
    // Many inserts go into an array of their own too; a few are appended one by one, since
    // allocating and copying over an array for each of 100 small sections made such a diff
    // a tenth slower.
    var moves: [BatchUpdate.ItemMove] = []
    let inserts = Self._array(
      of: BatchUpdate.ItemPosition.self, bound: insertBound >= 64 ? insertBound : 0
    ) { inserts, inserted in
      moves = Self._array(of: BatchUpdate.ItemMove.self, bound: moveBound) { moves, written in
        emit(inserts: inserts, inserted: &inserted, moves: moves, written: &written)
      }
    }
    Self._hand(inserts, to: &update.insertedItems._positions)
    Self._hand(moves, to: &update.movedItems)
  }

  /// An array of at most `bound` elements, written by `fill` through a pointer (`nil` when
  /// `bound` is 0), which counts what it writes.
  @inlinable
  internal static func _array<Element>(
    of _: Element.Type, bound: Int, _ fill: (UnsafeMutablePointer<Element>?, inout Int) -> Void
  ) -> [Element] {
    guard bound > 0 else {
      // Asked for no room, `Array(unsafeUninitializedCapacity:)` writes the count into the
      // runtime's one shared empty array: diffs on two threads raced there (ThreadSanitizer,
      // `BatchUpdateConcurrencyTests`).
      var none = 0
      fill(nil, &none)
      return []
    }
    return [Element](unsafeUninitializedCapacity: bound) { buffer, written in
      fill(buffer.baseAddress, &written)
    }
  }

  /// Appends `elements` to `array`, handing them over whole when `array` is empty and
  /// `elements` fills at least half its capacity. A bound can be far above what was written
  /// (items from another section count as possible inserts, and most move instead), and the
  /// batch should not keep that room.
  @inlinable
  internal static func _hand<Element>(_ elements: [Element], to array: inout [Element]) {
    if array.isEmpty && elements.count &* 2 >= elements.capacity {
      array = elements
    } else if !elements.isEmpty {
      array.append(contentsOf: elements)
    }
  }

  /// Makes `array` hold `count` copies of `value`, keeping its storage: filling it through a
  /// pointer is one vectorized loop, where appending a repeated element checks capacity at
  /// each one.
  @inlinable
  internal func _refill<Element>(_ array: inout [Element], with value: Element, count: Int) {
    if count > array.capacity {
      // Growing: each diff starts with empty buffers, so its first section comes here.
      array = Array(repeating: value, count: count)
      return
    }
    if array.count > count {
      array.removeLast(array.count &- count)
    } else if array.count < count {
      array.append(contentsOf: repeatElement(value, count: count &- array.count))
    }
    array.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
  }

  // MARK: Reconfigures

  @inlinable
  internal func reconfigure(into update: inout BatchUpdate) {
    guard !new._reconfiguredItems.isEmpty else { return }
    for identifier in new._reconfiguredItems {
      let index = _locate(identifier, in: new._items)
      if !reloadFlags.isEmpty && reloadFlags[index] { continue }
      let section = new._section(containingFlatIndex: index)
      if newSectionIsFresh[section] { continue }
      if !newSectionMovedIntact[section] {
        // The cell survives only if the item came from a section that carries over.
        guard let from = old._items.firstIndex(of: identifier) else { continue }
        if oldSectionIsGone[old._section(containingFlatIndex: from)] { continue }
      }
      update.reconfiguredItems.append(
        section: section, item: index &- new._sectionStart(section))
    }
    update.reconfiguredItems._positions.sort()
  }

  /// The index of a marked identifier, which the snapshot guarantees to hold. Not finding it
  /// means the identifier type breaks the `Hashable` contract, which nothing else can
  /// survive: say so instead of crashing on a force unwrap.
  @inlinable
  internal func _locate<Element: Hashable>(_ identifier: Element, in set: OrderedSet<Element>)
    -> Int
  {
    _locate(identifier, set.firstIndex(of: identifier))
  }

  @inlinable
  internal func _locate<Element: Hashable>(
    _ identifier: Element, in set: _IndexedArray<Element>
  ) -> Int {
    _locate(identifier, set.firstIndex(of: identifier))
  }

  @inlinable
  internal func _locate<Element: Hashable>(_ identifier: Element, _ found: Int?) -> Int {
    guard let index = found else {
      preconditionFailure(
        "BatchUpdate(from:to:): identifier \(identifier) is marked in the new snapshot but "
          + "cannot be found in it: its type breaks the Hashable contract (equal values must "
          + "hash equally, and a value must not change while it is in a snapshot)")
    }
    return index
  }
}
