// UIKit's spellings for the library's types, so that code written for UIKit compiles where
// UIKit is missing (Linux, Windows, Android, WebAssembly). Where UIKit exists, this module is
// empty: importing it beside UIKit must never make a name ambiguous.
#if !canImport(UIKit)
  @_exported import Diffable
  @_exported import DiffableDataSource

  /// UIKit's name for `DiffableDataSourceSnapshot`.
  public typealias NSDiffableDataSourceSnapshot<
    SectionIdentifierType: Hashable, ItemIdentifierType: Hashable
  > = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

  /// UIKit's name for `DiffableDataSourceSectionSnapshot`.
  public typealias NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable> =
    DiffableDataSourceSectionSnapshot<ItemIdentifierType>

  /// UIKit's name for `DiffableDataSourceTransaction`.
  public typealias NSDiffableDataSourceTransaction<
    SectionIdentifierType: Hashable, ItemIdentifierType: Hashable
  > = DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>

  /// UIKit's name for `DiffableDataSourceSectionTransaction`.
  public typealias NSDiffableDataSourceSectionTransaction<
    SectionIdentifierType: Hashable, ItemIdentifierType: Hashable
  > = DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>

  /// UIKit's name for `CollectionViewDiffableDataSource`.
  public typealias UICollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable, ItemIdentifierType: Hashable
  > = CollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>

  /// UIKit's name for `TableViewDiffableDataSource`.
  public typealias UITableViewDiffableDataSource<
    SectionIdentifierType: Hashable, ItemIdentifierType: Hashable
  > = TableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>

  /// UIKit's list cell: a `ListCell`.
  public typealias UICollectionViewListCell = ListCell
  /// UIKit's collection view cell: a `ListCell` too, since every cell here is rendered
  /// from its content configuration.
  public typealias UICollectionViewCell = ListCell
  /// UIKit's table view cell: a `ListCell`.
  public typealias UITableViewCell = ListCell
  /// UIKit's name for `ListContentConfiguration`.
  public typealias UIListContentConfiguration = ListContentConfiguration
  /// UIKit's name for `ContentConfiguration`.
  public typealias UIContentConfiguration = ContentConfiguration
  /// UIKit's name for `CellConfigurationState`.
  public typealias UICellConfigurationState = CellConfigurationState
  /// UIKit's name for `CellAccessory`.
  public typealias UICellAccessory = CellAccessory
  /// UIKit's name for `ListLayoutConfiguration`.
  public typealias UICollectionLayoutListConfiguration = ListLayoutConfiguration
  /// UIKit's name for `SwipeActionsConfiguration`.
  public typealias UISwipeActionsConfiguration = SwipeActionsConfiguration
  /// UIKit's name for `ContextualAction`.
  public typealias UIContextualAction = ContextualAction
  /// UIKit's name for a color: a `SemanticColor`, so `.systemRed` and `.secondaryLabel`
  /// read the same.
  public typealias UIColor = SemanticColor
  /// UIKit's name for an image: a `ListImage` (see `UIImage(systemName:)`).
  public typealias UIImage = ListImage

  /// The nested names UIKit code reaches through `UICollectionView`.
  ///
  /// A namespace, not a view: the view a data source drives is any `ListView`
  /// (`WebListView` in a browser, `RecordingListView` in tests), so where UIKit code
  /// declares `collectionView: UICollectionView`, write `any ListView`.
  public enum UICollectionView {
    /// UIKit's `UICollectionView.CellRegistration`.
    public typealias CellRegistration<Cell: ListCell, Item> =
      DiffableDataSource.CellRegistration<Cell, Item>
    /// UIKit's `UICollectionView.SupplementaryRegistration`.
    public typealias SupplementaryRegistration<Supplementary: ListCell> =
      DiffableDataSource.SupplementaryRegistration<Supplementary>
    /// The element kind of section headers (UIKit:
    /// `UICollectionView.elementKindSectionHeader`); the value views ask for.
    public static let elementKindSectionHeader = ListElementKind.header
    /// The element kind of section footers.
    public static let elementKindSectionFooter = ListElementKind.footer
  }

  /// The nested names UIKit code reaches through `UICollectionViewCompositionalLayout`.
  public enum UICollectionViewCompositionalLayout {
    /// Returns the list configuration itself: a `ListView` takes section layouts from its
    /// own provider (`WebListView.sectionLayoutProvider`), not from a layout object.
    public static func list(using configuration: ListLayoutConfiguration)
      -> ListLayoutConfiguration
    { configuration }
  }

  /// The view UIKit passes to a contextual action's handler. Empty: the row's view lives
  /// on the page (or nowhere, in tests), so there is nothing to anchor a popover to.
  public struct UIView: Sendable {
    /// Creates the placeholder.
    public init() {}
  }

  extension ContextualAction {
    /// Creates an action whose handler takes UIKit's three arguments: the action, the
    /// source view (a placeholder here) and the completion.
    public init(
      style: Style, title: String?,
      handler:
        @escaping (ContextualAction, UIView, @escaping Completion)
        -> Void
    ) {
      self.init(style: style, title: title) { action, completion in
        handler(action, UIView(), completion)
      }
    }
  }

  extension ListImage {
    /// A symbol by name, as `UIImage(systemName:)`. Never `nil`; optional so that UIKit
    /// code that unwraps it compiles.
    public init?(systemName: String) {
      self = .symbol(systemName)
    }

    /// An image from the app's assets by name, as `UIImage(named:)`.
    public init?(named name: String) {
      self = .asset(name)
    }
  }
#endif
