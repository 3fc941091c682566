import DiffableDataSource
import Testing

/// Every preset of `ListContentConfiguration`, for parameterized tests.
enum ConfigurationPreset: String, CaseIterable, Sendable {
  case cell, subtitleCell, valueCell, sidebarCell, sidebarSubtitleCell, sidebarHeader
  case plainHeader, plainFooter, groupedHeader, groupedFooter
  case prominentInsetGroupedHeader, extraProminentInsetGroupedHeader

  func make() -> ListContentConfiguration {
    switch self {
    case .cell: .cell()
    case .subtitleCell: .subtitleCell()
    case .valueCell: .valueCell()
    case .sidebarCell: .sidebarCell()
    case .sidebarSubtitleCell: .sidebarSubtitleCell()
    case .sidebarHeader: .sidebarHeader()
    case .plainHeader: .plainHeader()
    case .plainFooter: .plainFooter()
    case .groupedHeader: .groupedHeader()
    case .groupedFooter: .groupedFooter()
    case .prominentInsetGroupedHeader: .prominentInsetGroupedHeader()
    case .extraProminentInsetGroupedHeader: .extraProminentInsetGroupedHeader()
    }
  }

  /// The documented values: text style and color, its transform, secondary text style and
  /// color, side by side, image tint.
  var documented: Documented {
    switch self {
    case .cell: Documented(.body, .label, .none, .subheadline, .secondaryLabel, false, nil)
    case .subtitleCell: Documented(.body, .label, .none, .footnote, .secondaryLabel, false, nil)
    case .valueCell: Documented(.body, .label, .none, .body, .secondaryLabel, true, nil)
    case .sidebarCell: Documented(.body, .label, .none, .subheadline, .secondaryLabel, false, .tint)
    case .sidebarSubtitleCell:
      Documented(.body, .label, .none, .footnote, .secondaryLabel, false, .tint)
    case .sidebarHeader:
      Documented(.title3, .label, .none, .subheadline, .secondaryLabel, false, nil)
    case .plainHeader:
      Documented(.headline, .label, .none, .subheadline, .secondaryLabel, false, nil)
    case .plainFooter, .groupedFooter:
      Documented(.footnote, .secondaryLabel, .none, .footnote, .secondaryLabel, false, nil)
    case .groupedHeader:
      Documented(.footnote, .secondaryLabel, .uppercase, .footnote, .secondaryLabel, false, nil)
    case .prominentInsetGroupedHeader:
      Documented(.title2, .label, .none, .subheadline, .secondaryLabel, false, nil)
    case .extraProminentInsetGroupedHeader:
      Documented(.title1, .label, .none, .subheadline, .secondaryLabel, false, nil)
    }
  }

  struct Documented: Equatable {
    var font: TextStyle
    var color: SemanticColor
    var transform: ListContentConfiguration.TextProperties.Transform
    var secondaryFont: TextStyle
    var secondaryColor: SemanticColor
    var sideBySide: Bool
    var imageTint: SemanticColor?

    init(
      _ font: TextStyle, _ color: SemanticColor,
      _ transform: ListContentConfiguration.TextProperties.Transform,
      _ secondaryFont: TextStyle, _ secondaryColor: SemanticColor, _ sideBySide: Bool,
      _ imageTint: SemanticColor?
    ) {
      self.font = font
      self.color = color
      self.transform = transform
      self.secondaryFont = secondaryFont
      self.secondaryColor = secondaryColor
      self.sideBySide = sideBySide
      self.imageTint = imageTint
    }

    init(of configuration: ListContentConfiguration) {
      self.init(
        configuration.textProperties.font, configuration.textProperties.color,
        configuration.textProperties.transform, configuration.secondaryTextProperties.font,
        configuration.secondaryTextProperties.color,
        configuration.prefersSideBySideTextAndSecondaryText,
        configuration.imageProperties.tintColor)
    }
  }
}

@Suite("Configuration content")
struct ConfigurationContentTests {
  @Test(arguments: ConfigurationPreset.allCases)
  func presetHasItsDocumentedValues(_ preset: ConfigurationPreset) {
    let configuration = preset.make()
    #expect(ConfigurationPreset.Documented(of: configuration) == preset.documented)
  }

  @Test(arguments: ConfigurationPreset.allCases)
  func presetsStartEmptyWithUIKitsDefaults(_ preset: ConfigurationPreset) {
    let configuration = preset.make()
    #expect(configuration.text == nil)
    #expect(configuration.secondaryText == nil)
    #expect(configuration.image == nil)
    #expect(configuration.directionalLayoutMargins == nil)
    #expect(configuration.imageProperties.maximumSize == .zero)
    #expect(configuration.imageProperties.cornerRadius == 0)
    for properties in [configuration.textProperties, configuration.secondaryTextProperties] {
      #expect(properties.numberOfLines == 0)
      #expect(properties.alignment == .natural)
    }
    #expect(configuration.secondaryTextProperties.transform == .none)
  }

  @Test func presetsAreDistinctExceptTheTwoFooters() {
    var seen: [ListContentConfiguration: ConfigurationPreset] = [:]
    for preset in ConfigurationPreset.allCases {
      if let earlier = seen[preset.make()] {
        #expect(
          Set([earlier, preset]) == [.plainFooter, .groupedFooter],
          "\(earlier) and \(preset) are the same")
      }
      seen[preset.make()] = preset
    }
  }

  @Test func theDefaultInitializerIsTheCellPreset() {
    #expect(ListContentConfiguration() == .cell())
  }

  @Test(arguments: ListLayoutConfiguration.Appearance.allCases)
  func headerAndFooterFollowTheAppearance(_ appearance: ListLayoutConfiguration.Appearance) {
    let (header, footer): (ListContentConfiguration, ListContentConfiguration) =
      switch appearance {
      case .plain: (.plainHeader(), .plainFooter())
      case .grouped, .insetGrouped: (.groupedHeader(), .groupedFooter())
      case .sidebar, .sidebarPlain: (.sidebarHeader(), .groupedFooter())
      }
    #expect(ListContentConfiguration.header(for: appearance) == header)
    #expect(ListContentConfiguration.footer(for: appearance) == footer)
  }

  @Test func theRecipesSubtitleCellKeepsWhatItIsGiven() {
    var content = ListContentConfiguration.subtitleCell()
    content.text = "Pancakes"
    content.secondaryText = "Breakfast · 20 min"
    content.image = .asset("pancakes", accessibilityLabel: "A stack of pancakes")
    content.imageProperties.cornerRadius = 4
    content.imageProperties.maximumSize = ListSize(width: 60, height: 60)
    content.secondaryTextProperties.color = .tertiaryLabel

    #expect(content.text == "Pancakes")
    #expect(content.secondaryText == "Breakfast · 20 min")
    #expect(content.image?.kind == .asset)
    #expect(content.image?.name == "pancakes")
    #expect(content.image?.accessibilityLabel == "A stack of pancakes")
    #expect(
      content.imageProperties
        == .init(maximumSize: ListSize(width: 60, height: 60), cornerRadius: 4))
    #expect(content.secondaryTextProperties.font == .footnote)
    #expect(content.secondaryTextProperties.color == .tertiaryLabel)
    #expect(content != .subtitleCell())
  }

  @Test func equalityAndHashingSeeEveryProperty() {
    let base = ListContentConfiguration.cell()
    var variants: [ListContentConfiguration] = []
    func vary(_ change: (inout ListContentConfiguration) -> Void) {
      var copy = base
      change(&copy)
      variants.append(copy)
    }
    vary { $0.text = "A" }
    vary { $0.secondaryText = "B" }
    vary { $0.image = .symbol("star") }
    vary { $0.textProperties.font = .title1 }
    vary { $0.textProperties.numberOfLines = 1 }
    vary { $0.secondaryTextProperties.alignment = .justified }
    vary { $0.imageProperties.tintColor = .systemGreen }
    vary { $0.imageProperties.maximumSize.width = 1 }
    vary { $0.prefersSideBySideTextAndSecondaryText = true }
    vary { $0.directionalLayoutMargins = .zero }
    let all = Set(variants + [base])
    #expect(all.count == variants.count + 1)
  }

  @Test func imageFactoriesNameTheirSource() {
    #expect(ListImage.symbol("heart.fill") == ListImage(kind: .symbol, name: "heart.fill"))
    #expect(
      ListImage.asset("photo", accessibilityLabel: "Photo")
        == ListImage(kind: .asset, name: "photo", accessibilityLabel: "Photo"))
    #expect(ListImage.symbol("a") != ListImage.asset("a"))
  }

  @Test func geometryHelpers() {
    #expect(ListSize.zero == ListSize(width: 0, height: 0))
    #expect(
      DirectionalEdgeInsets(all: 5)
        == DirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5))
    #expect(DirectionalEdgeInsets.zero == DirectionalEdgeInsets(all: 0))
  }
}
