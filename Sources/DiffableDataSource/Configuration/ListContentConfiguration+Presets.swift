// The presets approximate the styles UIKit's presets used from iOS 15 to 17. They are this
// library's documented values, not measurements of UIKit, and the tests pin them, so a
// renderer can rely on them.

extension ListContentConfiguration {
  /// A cell with text and, below it, optional secondary text (UIKit: `.cell()`).
  ///
  /// Text: `.body`, `.label`. Secondary text: `.subheadline`, `.secondaryLabel`. No image
  /// tint.
  public static func cell() -> ListContentConfiguration {
    ListContentConfiguration()
  }

  /// A cell whose secondary text is a smaller subtitle below the text (UIKit:
  /// `.subtitleCell()`), as the Recipes sample uses with a rounded photo.
  ///
  /// Text: `.body`, `.label`. Secondary text: `.footnote`, `.secondaryLabel`.
  public static func subtitleCell() -> ListContentConfiguration {
    ListContentConfiguration(
      secondaryTextProperties: TextProperties(font: .footnote, color: .secondaryLabel))
  }

  /// A cell with a value beside the text, at the trailing edge (UIKit: `.valueCell()`),
  /// as in a settings screen.
  ///
  /// Text: `.body`, `.label`. Secondary text: `.body`, `.secondaryLabel`.
  /// ``prefersSideBySideTextAndSecondaryText`` is `true`.
  public static func valueCell() -> ListContentConfiguration {
    ListContentConfiguration(
      secondaryTextProperties: TextProperties(font: .body, color: .secondaryLabel),
      prefersSideBySideTextAndSecondaryText: true)
  }

  /// A row of a sidebar (UIKit: `.sidebarCell()`).
  ///
  /// Text: `.body`, `.label`. Secondary text: `.subheadline`, `.secondaryLabel`. The image
  /// is tinted `.tint`, as sidebar icons are.
  public static func sidebarCell() -> ListContentConfiguration {
    ListContentConfiguration(imageProperties: ImageProperties(tintColor: .tint))
  }

  /// A row of a sidebar with a subtitle (UIKit: `.sidebarSubtitleCell()`).
  ///
  /// Text: `.body`, `.label`. Secondary text: `.footnote`, `.secondaryLabel`. The image is
  /// tinted `.tint`.
  public static func sidebarSubtitleCell() -> ListContentConfiguration {
    ListContentConfiguration(
      secondaryTextProperties: TextProperties(font: .footnote, color: .secondaryLabel),
      imageProperties: ImageProperties(tintColor: .tint))
  }

  /// The header of a sidebar section, often an expandable one with an outline disclosure
  /// (UIKit: `.sidebarHeader()`).
  ///
  /// Text: `.title3`, `.label`. Secondary text: `.subheadline`, `.secondaryLabel`. UIKit
  /// draws it bold; weight is left to the renderer, as ``TextStyle`` has none.
  public static func sidebarHeader() -> ListContentConfiguration {
    ListContentConfiguration(textProperties: TextProperties(font: .title3, color: .label))
  }

  /// A section header in a plain list (UIKit: `.plainHeader()`).
  ///
  /// Text: `.headline`, `.label`. Secondary text: `.subheadline`, `.secondaryLabel`.
  public static func plainHeader() -> ListContentConfiguration {
    ListContentConfiguration(textProperties: TextProperties(font: .headline, color: .label))
  }

  /// A section footer in a plain list (UIKit: `.plainFooter()`).
  ///
  /// Text and secondary text: `.footnote`, `.secondaryLabel`.
  public static func plainFooter() -> ListContentConfiguration {
    footnotes()
  }

  /// A section header in a grouped or inset grouped list (UIKit: `.groupedHeader()`).
  ///
  /// Text: `.footnote`, `.secondaryLabel`, shown uppercase. Secondary text: `.footnote`,
  /// `.secondaryLabel`.
  public static func groupedHeader() -> ListContentConfiguration {
    var configuration = footnotes()
    configuration.textProperties.transform = .uppercase
    return configuration
  }

  /// A section footer in a grouped or inset grouped list (UIKit: `.groupedFooter()`).
  ///
  /// Text and secondary text: `.footnote`, `.secondaryLabel`.
  public static func groupedFooter() -> ListContentConfiguration {
    footnotes()
  }

  /// A large section header for an inset grouped list (UIKit:
  /// `.prominentInsetGroupedHeader()`).
  ///
  /// Text: `.title2`, `.label`. Secondary text: `.subheadline`, `.secondaryLabel`. UIKit
  /// draws it bold; weight is left to the renderer, as ``TextStyle`` has none.
  public static func prominentInsetGroupedHeader() -> ListContentConfiguration {
    ListContentConfiguration(textProperties: TextProperties(font: .title2, color: .label))
  }

  /// A larger section header still, for an inset grouped list (UIKit:
  /// `.extraProminentInsetGroupedHeader()`).
  ///
  /// Text: `.title1`, `.label`. Secondary text: `.subheadline`, `.secondaryLabel`.
  public static func extraProminentInsetGroupedHeader() -> ListContentConfiguration {
    ListContentConfiguration(textProperties: TextProperties(font: .title1, color: .label))
  }

  /// The section header preset that suits a list appearance: ``plainHeader()`` for
  /// `.plain`, ``groupedHeader()`` for `.grouped` and `.insetGrouped`, ``sidebarHeader()``
  /// for `.sidebar` and `.sidebarPlain`.
  ///
  /// Stands in for UIKit's `.header()` (iOS 18), which resolves the appearance when the
  /// configuration reaches its view. A value sent to a renderer cannot wait for that, so the
  /// caller names the appearance.
  public static func header(for appearance: ListLayoutConfiguration.Appearance)
    -> ListContentConfiguration
  {
    switch appearance {
    case .plain: plainHeader()
    case .grouped, .insetGrouped: groupedHeader()
    case .sidebar, .sidebarPlain: sidebarHeader()
    }
  }

  /// The section footer preset that suits a list appearance: ``plainFooter()`` for `.plain`
  /// and ``groupedFooter()`` for every other appearance.
  ///
  /// Stands in for UIKit's `.footer()` (iOS 18); see ``header(for:)`` for why it takes the
  /// appearance.
  public static func footer(for appearance: ListLayoutConfiguration.Appearance)
    -> ListContentConfiguration
  {
    switch appearance {
    case .plain: plainFooter()
    case .grouped, .insetGrouped, .sidebar, .sidebarPlain: groupedFooter()
    }
  }

  private static func footnotes() -> ListContentConfiguration {
    ListContentConfiguration(
      textProperties: TextProperties(font: .footnote, color: .secondaryLabel),
      secondaryTextProperties: TextProperties(font: .footnote, color: .secondaryLabel))
  }
}
