#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Receives the user interactions that belong to the app rather than to the data source:
/// the counterpart of the parts of `UICollectionViewDelegate` a list needs.
///
/// Expansion and reordering go to the data source (``ListViewDataSource``); swipe actions
/// run their own handlers.
public protocol ListViewDelegate: AnyObject {
  /// The user selected the item at `indexPath` (click, tap, or Enter/Space).
  func listView(_ listView: any ListView, didSelectItemAt indexPath: IndexPath)

  /// The user activated an accessory of the cell at `indexPath`, such as a delete
  /// control or a detail button.
  func listView(
    _ listView: any ListView, didActivateAccessory accessory: CellAccessory,
    forItemAt indexPath: IndexPath)
}

extension ListViewDelegate {
  /// Does nothing by default.
  public func listView(
    _ listView: any ListView, didActivateAccessory accessory: CellAccessory,
    forItemAt indexPath: IndexPath
  ) {}
}
