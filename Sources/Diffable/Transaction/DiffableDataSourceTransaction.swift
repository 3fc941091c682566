/// What a user's reorder did to a data source: the state before and after, and the change
/// to the flattened items (the counterpart of `NSDiffableDataSourceTransaction`).
///
/// A data source hands one to its reordering handlers. An app that keeps its items in an
/// array persists the new order by applying ``difference``:
///
///     dataSource.reorderingHandlers.didReorder = { transaction in
///       if let reordered = store.recipeIDs.applying(transaction.difference) {
///         store.recipeIDs = reordered
///       }
///     }
public struct DiffableDataSourceTransaction<
  SectionIdentifierType: Hashable,
  ItemIdentifierType: Hashable
> {
  /// The data source's snapshot before the change.
  public let initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// The data source's snapshot after the change.
  public let finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// The change from the initial to the final flattened items, with moves inferred.
  public let difference: CollectionDifference<ItemIdentifierType>
  /// One transaction for each section whose items changed, in the final order of sections
  /// (sections that disappeared come last).
  public let sectionTransactions:
    [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]

  /// Creates the transaction between two snapshots. Section transactions use flat section
  /// snapshots of each changed section's items.
  ///
  /// - Complexity: O(*n* + *d*²) for *d* changed items (the standard library's difference);
  ///   a reorder changes two.
  public init(
    initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) {
    func flat(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      _ section: SectionIdentifierType
    ) -> DiffableDataSourceSectionSnapshot<ItemIdentifierType> {
      var result = DiffableDataSourceSectionSnapshot<ItemIdentifierType>()
      if snapshot.indexOfSection(section) != nil {
        result.append(snapshot.itemIdentifiers(inSection: section))
      }
      return result
    }
    var sections = finalSnapshot.sectionIdentifiers
    sections += initialSnapshot.sectionIdentifiers.filter {
      finalSnapshot.indexOfSection($0) == nil
    }
    var transactions:
      [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>] = []
    for section in sections {
      let before = flat(initialSnapshot, section)
      let after = flat(finalSnapshot, section)
      if before.items != after.items {
        transactions.append(
          DiffableDataSourceSectionTransaction(
            sectionIdentifier: section, initialSnapshot: before, finalSnapshot: after))
      }
    }
    self.init(
      initialSnapshot: initialSnapshot, finalSnapshot: finalSnapshot,
      difference: finalSnapshot.itemIdentifiers.difference(from: initialSnapshot.itemIdentifiers)
        .inferringMoves(),
      sectionTransactions: transactions)
  }

  /// Creates a transaction from its parts, for data sources that keep section hierarchies.
  public init(
    initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    difference: CollectionDifference<ItemIdentifierType>,
    sectionTransactions: [DiffableDataSourceSectionTransaction<
      SectionIdentifierType, ItemIdentifierType
    >]
  ) {
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
    self.difference = difference
    self.sectionTransactions = sectionTransactions
  }
}

/// What a user's reorder did to one section (the counterpart of
/// `NSDiffableDataSourceSectionTransaction`).
public struct DiffableDataSourceSectionTransaction<
  SectionIdentifierType: Hashable,
  ItemIdentifierType: Hashable
> {
  /// The section this transaction describes.
  public let sectionIdentifier: SectionIdentifierType
  /// The section's items before the change.
  public let initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// The section's items after the change.
  public let finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// The change from the initial to the final items of the section (`items`, depth-first),
  /// with moves inferred.
  public let difference: CollectionDifference<ItemIdentifierType>

  /// Creates a section transaction; the difference is computed from the two snapshots.
  ///
  /// - Complexity: O(*n* + *d*²) for *d* changed items.
  public init(
    sectionIdentifier: SectionIdentifierType,
    initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
    finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  ) {
    self.sectionIdentifier = sectionIdentifier
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
    difference = finalSnapshot.items.difference(from: initialSnapshot.items).inferringMoves()
  }
}

// Sendable exactly when the identifiers are, as `Array` is when its elements are: class
// identifiers (UIKit apps often use them) keep a transaction on the actor that made it.
extension DiffableDataSourceTransaction: Sendable
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}

extension DiffableDataSourceSectionTransaction: Sendable
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
