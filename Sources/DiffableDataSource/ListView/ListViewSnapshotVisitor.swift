/// Receives a data source's snapshot at its own identifier types, from
/// ``ListViewDataSource/listView(_:visitSnapshot:)``.
///
/// A view knows its data source only as a ``ListViewDataSource``, without its identifier
/// types. A view that checks whole batches (such as `RecordingListView`) passes a visitor
/// to get the snapshot itself: one call, no copy of the items, and identifiers compared as
/// the data source's own type rather than each boxed in a ``ListIdentifier``.
public protocol ListViewSnapshotVisitor {
  /// Called once, with the snapshot the view shows now (during a batch, the new one).
  mutating func visit<SectionIdentifierType, ItemIdentifierType>(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>)
}
