import Diffable
import DiffableDataSource
import DiffableTesting
import Foundation
import Testing

/// A class identifier that is deliberately not `Sendable`, as many UIKit apps use.
final class Note: Hashable {
  var text: String
  init(_ text: String) { self.text = text }
  static func == (left: Note, right: Note) -> Bool { left === right }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Compiles only for `Sendable` types: the conditional conformances are checked at build time.
func requireSendable<T: Sendable>(_: T.Type) -> Bool { true }

@MainActor
@Suite("Identifiers that are only Hashable")
struct ClassIdentifierTests {
  @Test func snapshotsOfValueIdentifiersAreSendable() {
    #expect(requireSendable(DiffableDataSourceSnapshot<Int, String>.self))
    #expect(requireSendable(DiffableDataSourceSectionSnapshot<String>.self))
    #expect(requireSendable(DiffableDataSourceTransaction<Int, String>.self))
    #expect(requireSendable(DiffableDataSourceSectionTransaction<Int, String>.self))
    #expect(requireSendable(BatchUpdateReplay<Int, String>.self))
  }

  @Test func aSnapshotOfClassIdentifiersBuildsAndDiffs() {
    let (a, b, c) = (Note("a"), Note("b"), Note("c"))
    var old = DiffableDataSourceSnapshot<Int, Note>()
    old.appendSections([0])
    old.appendItems([a, b, c])
    var new = old
    new.deleteItems([b])
    new.moveItem(c, beforeItem: a)
    // Identity, not text, decides: a new object with the same text is another item.
    new.appendItems([Note("a")])
    let update = BatchUpdate(from: old, to: new)
    #expect(update.deletedItems == [IndexPath(indexes: [0, 1])])
    #expect(update.insertedItems == [IndexPath(indexes: [0, 2])])
    #expect(update.movedItems.count == 1)
    #expect(new.itemIdentifiers.first === c)
  }

  @Test func aSectionSnapshotOfClassIdentifiersKeepsItsOutline() {
    let (root, child) = (Note("root"), Note("child"))
    var outline = DiffableDataSourceSectionSnapshot<Note>()
    outline.append([root])
    outline.append([child], to: root)
    outline.expand([root])
    #expect(outline.visibleItems == [root, child])
    #expect(outline.parent(of: child) === root)
  }

  @Test func aDataSourceDrivesAViewWithClassIdentifiers() {
    let view = RecordingListView()
    let registration = CellRegistration<ListCell, Note> { cell, _, note in
      var content = cell.defaultContentConfiguration()
      content.text = note.text
      cell.contentConfiguration = content
    }
    let dataSource = CollectionViewDiffableDataSource<Int, Note>(collectionView: view) {
      view, indexPath, note in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: note)
    }
    let (a, b) = (Note("a"), Note("b"))
    var snapshot = DiffableDataSourceSnapshot<Int, Note>()
    snapshot.appendSections([0])
    snapshot.appendItems([a, b])
    dataSource.apply(snapshot)
    // Mutating the object is not a change of identity; a reconfigure shows the new text.
    a.text = "a, edited"
    snapshot.reconfigureItems([a])
    dataSource.apply(snapshot)
    #expect(view.rows == ["a, edited", "b"])
    #expect(dataSource.itemIdentifier(for: IndexPath(indexes: [0, 1])) === b)
    #expect(view.rejectedBatches.isEmpty)
  }
}
