// UIKit's per-kind `options:` structures. UIKit has one type per kind with overlapping
// fields; here every kind but the outline disclosure shares `Options`, named under each of
// UIKit's names, so `.delete(options: .init(isHidden: true))` and
// `UICellAccessory.DeleteOptions(tintColor: .systemRed)` both compile.

extension CellAccessory {
  /// How much room an accessory takes (UIKit: `UICellAccessory.LayoutDimension`). Accepted
  /// and ignored: a renderer sizes accessories itself.
  public enum LayoutDimension: Sendable, Hashable {
    /// The accessory's own width.
    case actual
    /// The system's standard width for the kind.
    case standard
    /// A fixed width in points.
    case custom(Double)
  }

  /// The options of an accessory (UIKit's `DeleteOptions`, `CheckmarkOptions`, …).
  ///
  /// `backgroundColor`, `showsVerticalSeparator` and `reservedLayoutWidth` are accepted so
  /// that UIKit code compiles, and ignored by the renderers.
  public struct Options: Sendable, Hashable {
    /// Whether the accessory is hidden while keeping its place.
    public var isHidden: Bool
    /// Ignored (see ``LayoutDimension``).
    public var reservedLayoutWidth: LayoutDimension
    /// The accessory's color; `nil` keeps the renderer's default.
    public var tintColor: SemanticColor?
    /// Ignored: delete and insert controls keep their system colors.
    public var backgroundColor: SemanticColor?
    /// Ignored: a reorder handle never draws a separator.
    public var showsVerticalSeparator: Bool

    /// Creates options; the arguments are in UIKit's order.
    public init(
      isHidden: Bool = false, reservedLayoutWidth: LayoutDimension = .standard,
      tintColor: SemanticColor? = nil, backgroundColor: SemanticColor? = nil,
      showsVerticalSeparator: Bool = true
    ) {
      self.isHidden = isHidden
      self.reservedLayoutWidth = reservedLayoutWidth
      self.tintColor = tintColor
      self.backgroundColor = backgroundColor
      self.showsVerticalSeparator = showsVerticalSeparator
    }
  }

  /// The options of a disclosure indicator (UIKit's name).
  public typealias DisclosureIndicatorOptions = Options
  /// The options of a checkmark (UIKit's name).
  public typealias CheckmarkOptions = Options
  /// The options of a delete control (UIKit's name).
  public typealias DeleteOptions = Options
  /// The options of an insert control (UIKit's name).
  public typealias InsertOptions = Options
  /// The options of a reorder handle (UIKit's name).
  public typealias ReorderOptions = Options
  /// The options of a detail button (UIKit's name).
  public typealias DetailOptions = Options
  /// The options of a label (UIKit's name; its font options are left out).
  public typealias LabelOptions = Options

  /// The options of an outline disclosure (UIKit: `UICellAccessory.OutlineDisclosureOptions`).
  public struct OutlineDisclosureOptions: Sendable, Hashable {
    /// Whether a tap anywhere on the cell toggles it (`.header`) or only on the chevron;
    /// `nil` (UIKit's `.automatic`) keeps the factory's `style:` argument.
    public var style: OutlineDisclosureStyle?
    /// Whether the accessory is hidden while keeping its place.
    public var isHidden: Bool
    /// Ignored (see ``LayoutDimension``).
    public var reservedLayoutWidth: LayoutDimension
    /// The chevron's color; `nil` keeps the renderer's default.
    public var tintColor: SemanticColor?

    /// Creates options; the arguments are in UIKit's order. The default style, `nil`, plays
    /// UIKit's `.automatic`: the factory's `style:` argument (`.cell` by default) decides.
    public init(
      style: OutlineDisclosureStyle? = nil, isHidden: Bool = false,
      reservedLayoutWidth: LayoutDimension = .standard, tintColor: SemanticColor? = nil
    ) {
      self.style = style
      self.isHidden = isHidden
      self.reservedLayoutWidth = reservedLayoutWidth
      self.tintColor = tintColor
    }
  }
}
