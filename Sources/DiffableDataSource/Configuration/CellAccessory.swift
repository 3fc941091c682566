/// A control or mark at an edge of a list cell: a disclosure chevron, a checkmark, a delete
/// button, a reorder handle, a label, a symbol such as a favorite's heart.
///
/// Mirrors UIKit's `UICellAccessory`. Build one with a factory named as UIKit's
/// (`CellAccessory+Factories.swift`) and give the cell an array of them:
///
///     cell.accessories = recipe.isFavorite
///       ? [.symbol("heart.fill", placement: .trailing, tintColor: .secondaryLabel)]
///       : []
///
/// ## Taps
///
/// A list view reports a tap on an accessory to its delegate, as the accessory together
/// with the index path of its cell, and then runs the accessory's ``actionHandler`` if it
/// has one (UIKit's `actionHandler:` argument). UIKit's defaults are the model when neither
/// is set: a tap on an outline disclosure expands or collapses the item, and a tap on a
/// delete accessory reveals the cell's trailing swipe actions. The handler is not part of
/// the accessory's value: it is not compared, hashed or encoded.
///
/// ## Deviations from UIKit
/// - A custom view (`.customView`) can only be a symbol: ``Kind/symbol(name:accessibilityLabel:)``.
/// - ``placement`` is stored on every accessory. The factories use UIKit's fixed placement
///   (delete and insert lead, the rest trail), and a renderer honors a changed one.
/// - ``isHidden`` and ``tintColor`` are fields of UIKit's per-kind `options` structures,
///   flattened here and available for every kind.
/// - UIKit's `multiselect` and `popUpMenu` are left out; `reservedLayoutWidth` is accepted
///   by the `options:` factories and ignored (the renderer sizes accessories itself).
///
/// The JSON form puts the kind and its values beside the options, for example
/// `{"displayed": "always", "isHidden": false, "kind": "symbol", "name": "heart.fill",
/// "placement": "trailing", "tintColor": "secondaryLabel"}`.
public struct CellAccessory: Hashable {
  /// The editing states in which an accessory shows (UIKit: `UICellAccessory.DisplayedState`).
  public enum DisplayedState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Whether or not the list is editing.
    case always
    /// Only while the list is editing, as delete and reorder controls are by default.
    case whenEditing
    /// Only while the list is not editing.
    case whenNotEditing
  }

  /// The edge of the cell an accessory sits at (UIKit: `UICellAccessory.Placement`, without
  /// its ordering function).
  public enum Placement: String, Sendable, Hashable, Codable, CaseIterable {
    /// Before the content, in the reading direction.
    case leading
    /// After the content, in the reading direction.
    case trailing
  }

  /// What the accessory is.
  public var kind: Kind
  /// The editing states in which it shows.
  public var displayed: DisplayedState
  /// The edge it sits at.
  public var placement: Placement
  /// Its color; `nil` keeps the renderer's default for the kind.
  public var tintColor: SemanticColor?
  /// Whether it is hidden while keeping its place, so that cells with and without it line
  /// up (UIKit's `isHidden` option).
  public var isHidden: Bool
  /// Runs in the list's isolation when the user taps the accessory, after the delegate is told
  /// (UIKit's `actionHandler:`). Not compared, hashed or encoded.
  public var actionHandler: ActionHandler?

  /// What runs when the user taps an accessory.
  public typealias ActionHandler = () -> Void

  /// Creates an accessory. A `nil` displayed state or placement takes UIKit's default for
  /// the kind (``Kind/defaultDisplayedState`` and ``Kind/defaultPlacement``).
  public init(
    kind: Kind,
    displayed: DisplayedState? = nil,
    placement: Placement? = nil,
    tintColor: SemanticColor? = nil,
    isHidden: Bool = false,
    actionHandler: ActionHandler? = nil
  ) {
    self.actionHandler = actionHandler
    self.kind = kind
    self.displayed = displayed ?? kind.defaultDisplayedState
    self.placement = placement ?? kind.defaultPlacement
    self.tintColor = tintColor
    self.isHidden = isHidden
  }

  /// Whether a renderer draws this accessory, given whether the list is editing: never when
  /// ``isHidden``, otherwise as ``displayed`` says.
  public func isDisplayed(isEditing: Bool) -> Bool {
    if isHidden { return false }
    switch displayed {
    case .always: return true
    case .whenEditing: return isEditing
    case .whenNotEditing: return !isEditing
    }
  }
}

// The handler is behaviour, not part of what the accessory is or looks like.
extension CellAccessory {
  /// Whether two accessories are the same kind, shown the same way; handlers are ignored.
  public static func == (left: CellAccessory, right: CellAccessory) -> Bool {
    left.kind == right.kind && left.displayed == right.displayed
      && left.placement == right.placement && left.tintColor == right.tintColor
      && left.isHidden == right.isHidden
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(displayed)
    hasher.combine(placement)
    hasher.combine(tintColor)
    hasher.combine(isHidden)
  }
}
