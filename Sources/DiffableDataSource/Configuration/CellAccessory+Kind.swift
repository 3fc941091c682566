extension CellAccessory {
  /// What an accessory is; UIKit has one factory per kind on `UICellAccessory`.
  ///
  /// A list view reports a tap on an accessory with this value and the cell's index path.
  /// The JSON form is `{"kind": "label", "text": "12"}`: the case name under `"kind"`, its
  /// values beside it.
  public enum Kind: Sendable, Hashable {
    /// A chevron showing that selecting the cell goes somewhere (UIKit:
    /// `.disclosureIndicator`).
    case disclosureIndicator
    /// A rotating chevron that expands or collapses the item's children in an outline
    /// (UIKit: `.outlineDisclosure`).
    case outlineDisclosure(style: OutlineDisclosureStyle)
    /// A checkmark, for a chosen item (UIKit: `.checkmark`).
    case checkmark
    /// A delete control, shown while editing (UIKit: `.delete`).
    case delete
    /// An insert control, shown while editing (UIKit: `.insert`).
    case insert
    /// A handle to drag the cell to a new place, shown while editing (UIKit: `.reorder`).
    case reorder
    /// An information button (UIKit: `.detail`).
    case detail
    /// A short text, such as a count (UIKit: `.label`).
    case label(text: String)
    /// A symbol such as `"heart.fill"`, and what assistive technologies read for it.
    ///
    /// UIKit builds this with `.customView` and an image view; a renderer can only draw
    /// named images, so a custom view here is a symbol.
    case symbol(name: String, accessibilityLabel: String?)

    /// When UIKit shows this kind unless told otherwise: delete, insert and reorder while
    /// editing, the rest always.
    public var defaultDisplayedState: DisplayedState {
      switch self {
      case .delete, .insert, .reorder: .whenEditing
      case .disclosureIndicator, .outlineDisclosure, .checkmark, .detail, .label, .symbol: .always
      }
    }

    /// Where UIKit puts this kind: delete and insert lead, the rest trail.
    public var defaultPlacement: Placement {
      switch self {
      case .delete, .insert: .leading
      case .disclosureIndicator, .outlineDisclosure, .checkmark, .reorder, .detail, .label,
        .symbol:
        .trailing
      }
    }
  }

  /// What tapping an outline disclosure's cell does (UIKit:
  /// `UICellAccessory.OutlineDisclosureOptions.Style`).
  ///
  /// Deviation: UIKit also has `.automatic`, which picks a style from the cell's content
  /// configuration at display time; a renderer sees only data, so the style is explicit.
  public enum OutlineDisclosureStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// A tap anywhere on the cell expands or collapses it, as for a sidebar section header.
    case header
    /// Only a tap on the chevron expands or collapses; a tap on the cell selects it.
    case cell
  }
}
