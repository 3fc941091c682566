#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How to make and configure the cells of one kind for items of one type: the counterpart
/// of `UICollectionView.CellRegistration`.
///
/// Create registrations once, before the data source asks for cells, and dequeue with
/// ``ListView/dequeueConfiguredReusableCell(using:for:item:)`` in the cell provider:
///
///     let registration = CellRegistration<ListCell, Recipe> { cell, indexPath, recipe in
///       var content = cell.defaultContentConfiguration()
///       content.text = recipe.title
///       cell.contentConfiguration = content
///     }
///     let dataSource = CollectionViewDiffableDataSource<Section, Recipe.ID>(
///       collectionView: listView
///     ) { view, indexPath, id in
///       view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: store[id])
///     }
///
/// A registration created inside a cell provider is an error, as in UIKit since iOS 15:
/// each call would register a new kind of cell, so none would ever be reused. Dequeuing
/// with one stops the program with a message saying so.
public struct CellRegistration<Cell: ListCell, Item> {
  /// Configures a cell for an item at an index path.
  public typealias Handler = (Cell, IndexPath, Item) -> Void

  /// The identifier under which a view pools the cells of this registration.
  public let reuseIdentifier: String
  let makeCell: () -> Cell
  let handler: Handler
  let createdInsideCellProvider: Bool

  /// Creates a registration whose cells are made with `Cell()`.
  public init(handler: @escaping Handler) {
    self.init(cellFactory: { Cell() }, handler: handler)
  }

  /// Creates a registration whose cells are made by `cellFactory`.
  public init(cellFactory: @escaping () -> Cell, handler: @escaping Handler) {
    reuseIdentifier = _RegistrationCounter.next("\(Cell.self)")
    makeCell = cellFactory
    self.handler = handler
    createdInsideCellProvider = _CellProviderContext.depth > 0
  }
}

/// How to make and configure a supplementary view (a header or footer): the counterpart of
/// `UICollectionView.SupplementaryRegistration`.
public struct SupplementaryRegistration<View: ListCell> {
  /// Configures a supplementary view of a kind at an index path.
  public typealias Handler = (View, String, IndexPath) -> Void

  /// The kind of element, such as ``ListElementKind/header``.
  public let elementKind: String
  /// The identifier under which a view pools these views.
  public let reuseIdentifier: String
  let makeView: () -> View
  let handler: Handler
  let createdInsideCellProvider: Bool

  /// Creates a registration whose views are made with `View()`.
  public init(elementKind: String, handler: @escaping Handler) {
    self.elementKind = elementKind
    reuseIdentifier = _RegistrationCounter.next("\(View.self)-\(elementKind)")
    makeView = { View() }
    self.handler = handler
    createdInsideCellProvider = _CellProviderContext.depth > 0
  }
}

/// Element kinds of supplementary views.
public enum ListElementKind {
  /// A section header.
  public static let header = "header"
  /// A section footer.
  public static let footer = "footer"
}

extension ListView {
  /// A cell for `item` at `indexPath`, configured by the registration's handler: reused
  /// (the same object during a reconfigure) or newly made.
  ///
  /// - Precondition: The registration was not created inside a cell provider.
  public func dequeueConfiguredReusableCell<Cell: ListCell, Item>(
    using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item
  ) -> Cell {
    precondition(
      !registration.createdInsideCellProvider,
      "dequeueConfiguredReusableCell(using:for:item:): the CellRegistration<\(Cell.self), "
        + "\(Item.self)> was created inside the cell provider; create registrations once, "
        + "outside it, or no cell can ever be reused")
    let cell: Cell
    if let reused = dequeueReusableCell(
      withReuseIdentifier: registration.reuseIdentifier, for: indexPath) as? Cell
    {
      cell = reused
    } else {
      cell = registration.makeCell()
      cell.reuseIdentifier = registration.reuseIdentifier
    }
    registration.handler(cell, indexPath, item)
    cell.configurationCount += 1
    return cell
  }

  /// A supplementary view configured by the registration's handler.
  ///
  /// - Precondition: The registration was not created inside a provider.
  public func dequeueConfiguredReusableSupplementary<View: ListCell>(
    using registration: SupplementaryRegistration<View>, for indexPath: IndexPath
  ) -> View {
    precondition(
      !registration.createdInsideCellProvider,
      "dequeueConfiguredReusableSupplementary(using:for:): the SupplementaryRegistration<"
        + "\(View.self)> was created inside a provider; create registrations once, outside it")
    let view: View
    if let reused = dequeueReusableSupplementaryView(
      ofKind: registration.elementKind, withReuseIdentifier: registration.reuseIdentifier,
      for: indexPath) as? View
    {
      view = reused
    } else {
      view = registration.makeView()
      view.reuseIdentifier = registration.reuseIdentifier
    }
    registration.handler(view, registration.elementKind, indexPath)
    view.configurationCount += 1
    return view
  }
}

/// Unique reuse identifiers, one per registration, across every isolation.
enum _RegistrationCounter {
  private static let lock = _Lock()
  nonisolated(unsafe) private static var count = 0

  static func next(_ prefix: String) -> String {
    lock.lock()
    count += 1
    let number = count
    lock.unlock()
    return "\(prefix)#\(number)"
  }
}

/// How deeply the current thread is inside cell or supplementary providers right now.
///
/// Per thread: providers run synchronously, inside an apply, on whichever thread the data
/// source's actor runs, and data sources of other actors run on other threads meanwhile.
enum _CellProviderContext {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "_CellProviderContext: pthread_key_create failed with \(status)")
    return key
  }()

  static var depth: Int { Int(bitPattern: pthread_getspecific(key)) }

  static func run<T>(_ body: () -> T) -> T {
    let outer = depth
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: outer + 1))
    defer { pthread_setspecific(key, UnsafeRawPointer(bitPattern: outer)) }
    return body()
  }
}
