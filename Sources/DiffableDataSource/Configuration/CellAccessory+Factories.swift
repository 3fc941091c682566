// Factories named and shaped as UIKit's, so code ported from UIKit reads the same:
// `cell.accessories = [.disclosureIndicator()]`, `.delete(displayed: .always, actionHandler:
// { … })`, `.outlineDisclosure(options: .init(style: .header))`. UIKit's `options:`
// structures are accepted (see `CellAccessory+Options.swift`), and their two common fields
// are also plain arguments: a `tintColor:` given wins over the options', and the accessory
// is hidden if either `isHidden` says so.

extension CellAccessory {
  /// A disclosure chevron at the trailing edge (UIKit: `.disclosureIndicator()`).
  public static func disclosureIndicator(
    displayed: DisplayedState = .always, options: Options = Options(),
    tintColor: SemanticColor? = nil, isHidden: Bool = false
  ) -> CellAccessory {
    CellAccessory(
      kind: .disclosureIndicator, displayed: displayed, tintColor: tintColor ?? options.tintColor,
      isHidden: isHidden || options.isHidden)
  }

  /// An outline disclosure chevron at the trailing edge (UIKit: `.outlineDisclosure()`).
  ///
  /// The default style is `.cell`, where UIKit's is `.automatic` (see
  /// ``OutlineDisclosureStyle``); use `.header` for a sidebar section header. Options
  /// with a style of their own override `style:`. `actionHandler` replaces the default
  /// expand or collapse, as in UIKit.
  public static func outlineDisclosure(
    style: OutlineDisclosureStyle = .cell,
    displayed: DisplayedState = .always,
    options: OutlineDisclosureOptions? = nil,
    tintColor: SemanticColor? = nil,
    isHidden: Bool = false,
    actionHandler: ActionHandler? = nil
  ) -> CellAccessory {
    CellAccessory(
      kind: .outlineDisclosure(style: options?.style ?? style), displayed: displayed,
      tintColor: tintColor ?? options?.tintColor, isHidden: isHidden || options?.isHidden == true,
      actionHandler: actionHandler)
  }

  /// A checkmark at the trailing edge (UIKit: `.checkmark()`).
  public static func checkmark(
    displayed: DisplayedState = .always, options: Options = Options(),
    tintColor: SemanticColor? = nil, isHidden: Bool = false
  ) -> CellAccessory {
    CellAccessory(
      kind: .checkmark, displayed: displayed, tintColor: tintColor ?? options.tintColor,
      isHidden: isHidden || options.isHidden)
  }

  /// A delete control at the leading edge, shown while editing (UIKit: `.delete()`).
  /// Without `actionHandler`, a tap reveals the cell's trailing swipe actions.
  public static func delete(
    displayed: DisplayedState = .whenEditing,
    options: Options = Options(),
    tintColor: SemanticColor? = nil,
    isHidden: Bool = false,
    actionHandler: ActionHandler? = nil
  ) -> CellAccessory {
    CellAccessory(
      kind: .delete, displayed: displayed, tintColor: tintColor ?? options.tintColor,
      isHidden: isHidden || options.isHidden, actionHandler: actionHandler)
  }

  /// An insert control at the leading edge, shown while editing (UIKit: `.insert()`).
  public static func insert(
    displayed: DisplayedState = .whenEditing,
    options: Options = Options(),
    tintColor: SemanticColor? = nil,
    isHidden: Bool = false,
    actionHandler: ActionHandler? = nil
  ) -> CellAccessory {
    CellAccessory(
      kind: .insert, displayed: displayed, tintColor: tintColor ?? options.tintColor,
      isHidden: isHidden || options.isHidden, actionHandler: actionHandler)
  }

  /// A reorder handle at the trailing edge, shown while editing (UIKit: `.reorder()`).
  public static func reorder(
    displayed: DisplayedState = .whenEditing,
    options: Options = Options(),
    tintColor: SemanticColor? = nil,
    isHidden: Bool = false
  ) -> CellAccessory {
    CellAccessory(
      kind: .reorder, displayed: displayed, tintColor: tintColor ?? options.tintColor,
      isHidden: isHidden || options.isHidden)
  }

  /// An information button at the trailing edge (UIKit: `.detail()`).
  public static func detail(
    displayed: DisplayedState = .always, options: Options = Options(),
    tintColor: SemanticColor? = nil, isHidden: Bool = false,
    actionHandler: ActionHandler? = nil
  ) -> CellAccessory {
    CellAccessory(
      kind: .detail, displayed: displayed, tintColor: tintColor ?? options.tintColor,
      isHidden: isHidden || options.isHidden, actionHandler: actionHandler)
  }

  /// A short text at the trailing edge, such as a count (UIKit: `.label(text:)`).
  public static func label(
    text: String,
    displayed: DisplayedState = .always,
    options: Options = Options(),
    tintColor: SemanticColor? = nil,
    isHidden: Bool = false
  ) -> CellAccessory {
    CellAccessory(
      kind: .label(text: text), displayed: displayed, tintColor: tintColor ?? options.tintColor,
      isHidden: isHidden || options.isHidden)
  }

  /// A symbol, such as `"heart.fill"` for a favorite.
  ///
  /// UIKit spells this `.customView(configuration:)` with an image view, a placement and a
  /// tint color; the Recipes sample's heart is
  /// `.symbol("heart.fill", placement: .trailing, tintColor: .secondaryLabel)`.
  ///
  /// - Parameters:
  ///   - name: The symbol's name.
  ///   - accessibilityLabel: What assistive technologies read; `nil` marks it decorative.
  ///   - placement: The edge it sits at.
  ///   - displayed: The editing states in which it shows.
  ///   - tintColor: Its color; `nil` keeps the renderer's default.
  ///   - isHidden: Whether it is hidden while keeping its place.
  public static func symbol(
    _ name: String,
    accessibilityLabel: String? = nil,
    placement: Placement = .trailing,
    displayed: DisplayedState = .always,
    tintColor: SemanticColor? = nil,
    isHidden: Bool = false
  ) -> CellAccessory {
    CellAccessory(
      kind: .symbol(name: name, accessibilityLabel: accessibilityLabel), displayed: displayed,
      placement: placement, tintColor: tintColor, isHidden: isHidden)
  }
}
