#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The minimum a list view needs to be driven by a diffable data source.
///
/// The view keeps what it shows; the data source tells it what changed, one
/// `BatchUpdate` at a time, and the view pulls counts and cells from its
/// ``ListViewDataSource`` the way `UICollectionView` pulls from its data source.
///
/// `RecordingListView` (in `DiffableTesting`) and the browser collection view of
/// `DiffableWeb` adopt it. On Apple platforms a `UICollectionView` adapter is a few lines:
///
///     final class CollectionViewAdapter: ListView {
///       let collectionView: UICollectionView
///       weak var dataSource: (any ListViewDataSource)?
///       weak var delegate: (any ListViewDelegate)?
///       func reloadData() { collectionView.reloadData() }
///       func performBatchUpdates(
///         _ update: BatchUpdate, animated: Bool, completion: (() -> Void)?
///       ) {
///         let apply = {
///           self.collectionView.performBatchUpdates({
///             self.collectionView.deleteSections(IndexSet(update.deletedSections))
///             // …inserts, reloads, moves, item operations…
///           }) { _ in
///             self.collectionView.reconfigureItems(at: Array(update.reconfiguredItems))
///             completion?()
///           }
///         }
///         animated ? apply() : UIView.performWithoutAnimation(apply)
///       }
///       // dequeue: return collectionView's cell wrappers, or nil to create one.
///     }
public protocol ListView: AnyObject {
  /// The object the view pulls counts, cells and identities from. Views hold it weakly, as
  /// UIKit's do; a diffable data source sets itself here when it is created.
  var dataSource: (any ListViewDataSource)? { get set }

  /// The object told about the user's selections and accessory taps (UIKit's `delegate`).
  ///
  /// A requirement so that code holding only `any ListView` (a cell provider's first
  /// argument, say) can write `view.delegate = self` as it would with a `UICollectionView`.
  /// Views hold it weakly, as UIKit's do.
  var delegate: (any ListViewDelegate)? { get set }

  /// Discards what the view shows and pulls everything again from the data source.
  func reloadData()

  /// Applies one batch: structural changes first (index spaces as `BatchUpdate`
  /// documents), then the reconfigures, which refresh the existing cells in place.
  ///
  /// The data source has already switched to the new state when this is called, so cells
  /// pulled during the batch come from it. Call `completion` once the batch (and its
  /// animation, when `animated`) is done.
  func performBatchUpdates(
    _ update: BatchUpdate, animated: Bool, completion: (() -> Void)?)

  /// A cell to configure for `indexPath`, or `nil` to let the caller create one.
  ///
  /// While the view reconfigures the item at `indexPath`, it returns the cell it already
  /// shows there (when that cell has the same reuse identifier), so the configuration runs
  /// on the *same* cell object. Otherwise it may return a cell from its reuse pool.
  func dequeueReusableCell(withReuseIdentifier reuseIdentifier: String, for indexPath: IndexPath)
    -> ListCell?

  /// A supplementary view (such as a section header) to configure, or `nil` to create one.
  func dequeueReusableSupplementaryView(
    ofKind elementKind: String, withReuseIdentifier reuseIdentifier: String,
    for indexPath: IndexPath
  ) -> ListCell?

  /// Selects the item at `indexPath` from code (deselecting the others), or clears the
  /// selection with `nil`: the counterpart of UIKit's `selectItem(at:animated:scrollPosition:)`
  /// and `deselectItem(at:animated:)`. The delegate is not told, as in UIKit.
  func selectItem(at indexPath: IndexPath?)
}

extension ListView {
  /// Views without a selection of their own ignore it.
  public func selectItem(at indexPath: IndexPath?) {}

  /// Views that report no selections or taps have no delegate: it reads `nil`, and setting
  /// it does nothing. So a view written before the requirement existed still conforms;
  /// a view that reports declares a stored `weak var delegate`.
  public var delegate: (any ListViewDelegate)? {
    get { nil }
    set {}
  }
}
