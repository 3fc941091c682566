import DiffableDataSource

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a `RecordingListView` believes it shows. When the data source hands over its own
/// snapshot, the view keeps that snapshot and checks batches at the data source's
/// identifier types: no identifier is boxed, hashed or copied per batch. Otherwise it keeps
/// the identifiers it pulled, boxed as ``ListIdentifier``.
protocol ShownModel {
  /// The same state with every identifier boxed.
  var erased: DiffableDataSourceSnapshot<ListIdentifier, ListIdentifier> { get }
  var numberOfSections: Int { get }
  func numberOfItems(inSectionAt section: Int) -> Int
  mutating func moveItem(at source: IndexPath, to destination: IndexPath)
}

struct TypedShownModel<S: Hashable, I: Hashable>: ShownModel {
  var snapshot: DiffableDataSourceSnapshot<S, I>

  var erased: DiffableDataSourceSnapshot<ListIdentifier, ListIdentifier> {
    if let boxed = snapshot as? DiffableDataSourceSnapshot<ListIdentifier, ListIdentifier> {
      return boxed
    }
    var erased = DiffableDataSourceSnapshot<ListIdentifier, ListIdentifier>()
    for section in snapshot.sectionIdentifiers {
      let identifier = ListIdentifier(section)
      erased.appendSections([identifier])
      erased.appendItems(
        snapshot.itemIdentifiers(inSection: section).map { ListIdentifier($0) },
        toSection: identifier)
    }
    return erased
  }

  var numberOfSections: Int { snapshot.numberOfSections }

  func numberOfItems(inSectionAt section: Int) -> Int {
    snapshot.numberOfItems(inSectionAt: section)
  }

  mutating func moveItem(at source: IndexPath, to destination: IndexPath) {
    snapshot.moveItem(at: source, to: destination)
  }
}

/// Takes the data source's snapshot as the view's new model.
struct ModelReader: ListViewSnapshotVisitor {
  var model: (any ShownModel)?

  mutating func visit<S, I>(_ snapshot: DiffableDataSourceSnapshot<S, I>) {
    model = TypedShownModel(snapshot: snapshot)
  }
}

/// Takes the data source's snapshot as the view's new model, and checks a batch from the
/// old model to it: at the data source's identifier types when the old model has them, as
/// boxed identifiers when it does not (the data source or its types changed).
struct BatchChecker: ListViewSnapshotVisitor {
  let update: BatchUpdate
  let old: any ShownModel
  var outcome: (model: any ShownModel, placement: Result<CellPlacement, BatchUpdateError>)?

  typealias CellPlacement = BatchUpdateSimulator.CellPlacement

  mutating func visit<S, I>(_ snapshot: DiffableDataSourceSnapshot<S, I>) {
    let new = TypedShownModel(snapshot: snapshot)
    outcome = (new, Self.check(update, from: old, to: new))
  }

  static func check<S, I>(
    _ update: BatchUpdate, from old: any ShownModel, to new: TypedShownModel<S, I>
  ) -> Result<CellPlacement, BatchUpdateError> {
    if let old = old as? TypedShownModel<S, I> {
      return Result { () throws(BatchUpdateError) in
        try BatchUpdateSimulator.placement(update, from: old.snapshot, to: new.snapshot)
      }
    }
    let (boxedOld, boxedNew) = (old.erased, new.erased)
    return Result { () throws(BatchUpdateError) in
      try BatchUpdateSimulator.placement(update, from: boxedOld, to: boxedNew)
    }
  }
}
