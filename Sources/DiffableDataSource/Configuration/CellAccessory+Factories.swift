// Factories named as UIKit's, so code ported from UIKit reads the same:
// `cell.accessories = [.disclosureIndicator()]`. UIKit's `options:` structures are flattened
// into arguments, and `actionHandler:` is gone (see `CellAccessory`).

extension CellAccessory {
  /// A disclosure chevron at the trailing edge (UIKit: `.disclosureIndicator()`).
  public static func disclosureIndicator(
    displayed: DisplayedState = .always, tintColor: SemanticColor? = nil, isHidden: Bool = false
  ) -> CellAccessory {
    CellAccessory(
      kind: .disclosureIndicator, displayed: displayed, tintColor: tintColor, isHidden: isHidden)
  }

  /// An outline disclosure chevron at the trailing edge (UIKit: `.outlineDisclosure()`).
  ///
  /// The default style is `.cell`, where UIKit's is `.automatic` (see
  /// ``OutlineDisclosureStyle``); use `.header` for a sidebar section header.
  public static func outlineDisclosure(
    style: OutlineDisclosureStyle = .cell,
    displayed: DisplayedState = .always,
    tintColor: SemanticColor? = nil,
    isHidden: Bool = false
  ) -> CellAccessory {
    CellAccessory(
      kind: .outlineDisclosure(style: style), displayed: displayed, tintColor: tintColor,
      isHidden: isHidden)
  }

  /// A checkmark at the trailing edge (UIKit: `.checkmark()`).
  public static func checkmark(
    displayed: DisplayedState = .always, tintColor: SemanticColor? = nil, isHidden: Bool = false
  ) -> CellAccessory {
    CellAccessory(kind: .checkmark, displayed: displayed, tintColor: tintColor, isHidden: isHidden)
  }

  /// A delete control at the leading edge, shown while editing (UIKit: `.delete()`).
  public static func delete(
    displayed: DisplayedState = .whenEditing,
    tintColor: SemanticColor? = nil,
    isHidden: Bool = false
  ) -> CellAccessory {
    CellAccessory(kind: .delete, displayed: displayed, tintColor: tintColor, isHidden: isHidden)
  }

  /// An insert control at the leading edge, shown while editing (UIKit: `.insert()`).
  public static func insert(
    displayed: DisplayedState = .whenEditing,
    tintColor: SemanticColor? = nil,
    isHidden: Bool = false
  ) -> CellAccessory {
    CellAccessory(kind: .insert, displayed: displayed, tintColor: tintColor, isHidden: isHidden)
  }

  /// A reorder handle at the trailing edge, shown while editing (UIKit: `.reorder()`).
  public static func reorder(
    displayed: DisplayedState = .whenEditing,
    tintColor: SemanticColor? = nil,
    isHidden: Bool = false
  ) -> CellAccessory {
    CellAccessory(kind: .reorder, displayed: displayed, tintColor: tintColor, isHidden: isHidden)
  }

  /// An information button at the trailing edge (UIKit: `.detail()`).
  public static func detail(
    displayed: DisplayedState = .always, tintColor: SemanticColor? = nil, isHidden: Bool = false
  ) -> CellAccessory {
    CellAccessory(kind: .detail, displayed: displayed, tintColor: tintColor, isHidden: isHidden)
  }

  /// A short text at the trailing edge, such as a count (UIKit: `.label(text:)`).
  public static func label(
    text: String,
    displayed: DisplayedState = .always,
    tintColor: SemanticColor? = nil,
    isHidden: Bool = false
  ) -> CellAccessory {
    CellAccessory(
      kind: .label(text: text), displayed: displayed, tintColor: tintColor, isHidden: isHidden)
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
