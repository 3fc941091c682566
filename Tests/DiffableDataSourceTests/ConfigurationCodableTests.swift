import DiffableDataSource
import Foundation
import Testing

/// JSON helpers for the configuration tests; a namespace, so the data source tests sharing
/// this target can have helpers of their own.
enum ConfigurationJSON {
  /// The compact JSON of a value, keys sorted, as pinned below.
  static func string<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// Decodes a value from JSON text.
  static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(text.utf8))
  }

  /// Encodes and decodes a value.
  static func roundTrip<T: Codable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
  }
}

/// Every `Codable` configuration type survives a round trip, and one value of each has its
/// JSON pinned: renderers parse these strings, so a change must be deliberate.
@Suite("Configuration Codable")
struct ConfigurationCodableTests {
  // MARK: Round trips

  @Test(arguments: SemanticColor.allCases)
  func semanticColorRoundTrips(_ color: SemanticColor) throws {
    #expect(try ConfigurationJSON.roundTrip(color) == color)
    #expect(try ConfigurationJSON.string(color) == "\"\(color.rawValue)\"")
  }

  @Test(arguments: TextStyle.allCases)
  func textStyleRoundTrips(_ style: TextStyle) throws {
    #expect(try ConfigurationJSON.roundTrip(style) == style)
    #expect(try ConfigurationJSON.string(style) == "\"\(style.rawValue)\"")
  }

  @Test func stringEnumerationsRoundTrip() throws {
    for value in ListImage.Kind.allCases {
      #expect(try ConfigurationJSON.roundTrip(value) == value)
    }
    for value in ListContentConfiguration.TextProperties.Alignment.allCases {
      #expect(try ConfigurationJSON.roundTrip(value) == value)
    }
    for value in ListContentConfiguration.TextProperties.Transform.allCases {
      #expect(try ConfigurationJSON.roundTrip(value) == value)
    }
    for value in CellAccessory.DisplayedState.allCases {
      #expect(try ConfigurationJSON.roundTrip(value) == value)
    }
    for value in CellAccessory.Placement.allCases {
      #expect(try ConfigurationJSON.roundTrip(value) == value)
    }
    for value in CellAccessory.OutlineDisclosureStyle.allCases {
      #expect(try ConfigurationJSON.roundTrip(value) == value)
    }
    for value in ContextualAction.Style.allCases {
      #expect(try ConfigurationJSON.roundTrip(value) == value)
    }
    for value in ListLayoutConfiguration.Appearance.allCases {
      #expect(try ConfigurationJSON.roundTrip(value) == value)
    }
    for value in ListLayoutConfiguration.HeaderMode.allCases {
      #expect(try ConfigurationJSON.roundTrip(value) == value)
    }
    for value in ListLayoutConfiguration.FooterMode.allCases {
      #expect(try ConfigurationJSON.roundTrip(value) == value)
    }
    for value in ListLayoutConfiguration.SwipeEdge.allCases {
      #expect(try ConfigurationJSON.roundTrip(value) == value)
    }
    for value in HorizontalRowLayout.ScrollingBehavior.allCases {
      #expect(try ConfigurationJSON.roundTrip(value) == value)
    }
  }

  @Test func geometryRoundTrips() throws {
    let size = ListSize(width: 60, height: 44.5)
    #expect(try ConfigurationJSON.roundTrip(size) == size)
    let insets = DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
    #expect(try ConfigurationJSON.roundTrip(insets) == insets)
    for dimension in [LayoutDimension.absolute(120), .estimated(44), .fractionalWidth(0.28)] {
      #expect(try ConfigurationJSON.roundTrip(dimension) == dimension)
    }
  }

  @Test func imageRoundTrips() throws {
    for image in [
      ListImage.symbol("heart.fill"), .symbol("star", accessibilityLabel: "Favorite"),
      .asset("pancakes"), .asset("waffles", accessibilityLabel: "Waffles"),
    ] {
      #expect(try ConfigurationJSON.roundTrip(image) == image)
    }
  }

  @Test(arguments: ConfigurationPreset.allCases)
  func everyPresetRoundTrips(_ preset: ConfigurationPreset) throws {
    let configuration = preset.make()
    #expect(try ConfigurationJSON.roundTrip(configuration) == configuration)
  }

  @Test func filledContentConfigurationRoundTrips() throws {
    var content = ListContentConfiguration.valueCell()
    content.text = "Servings"
    content.secondaryText = "4"
    content.image = .symbol("person.2", accessibilityLabel: "People")
    content.textProperties.numberOfLines = 2
    content.textProperties.alignment = .center
    content.secondaryTextProperties.transform = .lowercase
    content.imageProperties = .init(
      tintColor: .systemPink, maximumSize: ListSize(width: 20, height: 30), cornerRadius: 3)
    content.directionalLayoutMargins = DirectionalEdgeInsets(all: 12)
    #expect(try ConfigurationJSON.roundTrip(content) == content)
    #expect(try ConfigurationJSON.roundTrip(content.textProperties) == content.textProperties)
    #expect(try ConfigurationJSON.roundTrip(content.imageProperties) == content.imageProperties)
  }

  @Test(arguments: ConfigurationAccessoryFactory.allCases)
  func everyAccessoryRoundTrips(_ factory: ConfigurationAccessoryFactory) throws {
    var accessory = factory.make()
    #expect(try ConfigurationJSON.roundTrip(accessory) == accessory)
    #expect(try ConfigurationJSON.roundTrip(accessory.kind) == accessory.kind)
    // Every option differs from the factory's default, so each must really be encoded.
    accessory.displayed = accessory.displayed == .always ? .whenNotEditing : .always
    accessory.placement = accessory.placement == .leading ? .trailing : .leading
    accessory.tintColor = .systemOrange
    accessory.isHidden = true
    #expect(try ConfigurationJSON.roundTrip(accessory) == accessory)
  }

  @Test func swipeActionDescriptionsRoundTrip() throws {
    let description = SwipeActionsDescription(
      actions: [
        ContextualActionDescription(
          identifier: "delete", style: .destructive, title: "Delete", image: nil,
          backgroundColor: .destructive),
        ContextualActionDescription(
          identifier: "flag", style: .normal, title: nil, image: .symbol("flag"),
          backgroundColor: .systemOrange),
      ],
      performsFirstActionWithFullSwipe: false)
    #expect(try ConfigurationJSON.roundTrip(description) == description)
    #expect(try ConfigurationJSON.roundTrip(description.actions[1]) == description.actions[1])
  }

  @Test func layoutDescriptionsRoundTrip() throws {
    let list = ListLayoutDescription(
      appearance: .sidebar, showsSeparators: false, headerMode: .supplementary,
      footerMode: .supplementary, headerTopPadding: 0, backgroundColor: .clear,
      hasLeadingSwipeActions: true, hasTrailingSwipeActions: false)
    #expect(try ConfigurationJSON.roundTrip(list) == list)
    let grid = GridLayout(
      columns: .adaptive(minimumItemWidth: 150), itemHeight: .absolute(150),
      interItemSpacing: 4, lineSpacing: 6, contentInsets: DirectionalEdgeInsets(all: 16),
      hasHeader: true, hasFooter: true)
    #expect(try ConfigurationJSON.roundTrip(grid) == grid)
    #expect(try ConfigurationJSON.roundTrip(grid.columns) == grid.columns)
    let row = HorizontalRowLayout(
      itemWidth: .absolute(100), itemHeight: .fractionalWidth(0.2), interItemSpacing: 0,
      scrollingBehavior: .groupPagingCentered, contentInsets: .zero, hasHeader: true,
      hasFooter: false)
    #expect(try ConfigurationJSON.roundTrip(row) == row)
    for section in [SectionLayoutDescription.list(list), .grid(grid), .horizontalRow(row)] {
      #expect(try ConfigurationJSON.roundTrip(section) == section)
    }
  }

  // MARK: Pinned JSON

  @Test func recipeCellJSONIsPinned() throws {
    var content = ListContentConfiguration.subtitleCell()
    content.text = "Pancakes"
    content.secondaryText = "20 min"
    content.image = .asset("pancakes")
    content.imageProperties.cornerRadius = 4
    content.imageProperties.maximumSize = ListSize(width: 60, height: 60)
    #expect(
      try ConfigurationJSON.string(content)
        == #"{"image":{"kind":"asset","name":"pancakes"},"#
        + #""imageProperties":{"cornerRadius":4,"maximumSize":{"height":60,"width":60}},"#
        + #""prefersSideBySideTextAndSecondaryText":false,"secondaryText":"20 min","#
        + #""secondaryTextProperties":{"alignment":"natural","color":"secondaryLabel","#
        + #""font":"footnote","numberOfLines":0,"transform":"none"},"text":"Pancakes","#
        + #""textProperties":{"alignment":"natural","color":"label","font":"body","#
        + #""numberOfLines":0,"transform":"none"}}"#)
  }

  @Test func imageAndGeometryJSONIsPinned() throws {
    #expect(
      try ConfigurationJSON.string(ListImage.symbol("heart.fill", accessibilityLabel: "Favorite"))
        == #"{"accessibilityLabel":"Favorite","kind":"symbol","name":"heart.fill"}"#)
    #expect(
      try ConfigurationJSON.string(
        DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        == #"{"bottom":3,"leading":2,"top":1,"trailing":4}"#)
    #expect(
      try ConfigurationJSON.string(ListSize(width: 1.5, height: 2)) == #"{"height":2,"width":1.5}"#)
    #expect(
      try ConfigurationJSON.string(LayoutDimension.fractionalWidth(0.25))
        == #"{"kind":"fractionalWidth","value":0.25}"#)
    #expect(
      try ConfigurationJSON.string(LayoutDimension.absolute(120))
        == #"{"kind":"absolute","value":120}"#)
    #expect(
      try ConfigurationJSON.string(LayoutDimension.estimated(44))
        == #"{"kind":"estimated","value":44}"#)
  }

  @Test func accessoryJSONIsPinned() throws {
    #expect(
      try ConfigurationJSON.string(
        CellAccessory.symbol("heart.fill", placement: .trailing, tintColor: .secondaryLabel))
        == #"{"displayed":"always","isHidden":false,"kind":"symbol","name":"heart.fill","#
        + #""placement":"trailing","tintColor":"secondaryLabel"}"#)
    #expect(
      try ConfigurationJSON.string(
        CellAccessory.symbol("star", accessibilityLabel: "Starred", placement: .leading))
        == #"{"accessibilityLabel":"Starred","displayed":"always","isHidden":false,"#
        + #""kind":"symbol","name":"star","placement":"leading"}"#)
    #expect(
      try ConfigurationJSON.string(CellAccessory.label(text: "12"))
        == #"{"displayed":"always","isHidden":false,"kind":"label","placement":"trailing","#
        + #""text":"12"}"#)
    #expect(
      try ConfigurationJSON.string(CellAccessory.outlineDisclosure(style: .header))
        == #"{"displayed":"always","isHidden":false,"kind":"outlineDisclosure","#
        + #""placement":"trailing","style":"header"}"#)
    #expect(
      try ConfigurationJSON.string(CellAccessory.delete())
        == #"{"displayed":"whenEditing","isHidden":false,"kind":"delete","placement":"leading"}"#)
    #expect(try ConfigurationJSON.string(CellAccessory.Kind.checkmark) == #"{"kind":"checkmark"}"#)
  }

  @Test func swipeActionsJSONIsPinned() throws {
    let description = SwipeActionsDescription(
      actions: [
        ContextualActionDescription(
          identifier: "Delete", style: .destructive, title: "Delete", image: nil,
          backgroundColor: .destructive),
        ContextualActionDescription(
          identifier: "favorite", style: .normal, title: nil,
          image: .symbol("heart"), backgroundColor: .systemPink),
      ],
      performsFirstActionWithFullSwipe: true)
    #expect(
      try ConfigurationJSON.string(description)
        == #"{"actions":[{"backgroundColor":"destructive","identifier":"Delete","#
        + #""style":"destructive","title":"Delete"},{"backgroundColor":"systemPink","#
        + #""identifier":"favorite","image":{"kind":"symbol","name":"heart"},"#
        + #""style":"normal"}],"performsFirstActionWithFullSwipe":true}"#)
  }

  @Test func listLayoutJSONIsPinned() throws {
    var configuration = ListLayoutConfiguration(appearance: .insetGrouped)
    configuration.headerMode = .firstItemInSection
    configuration.trailingSwipeActionsConfigurationProvider = { _ in nil }
    #expect(
      try ConfigurationJSON.string(configuration.rendererDescription)
        == #"{"appearance":"insetGrouped","footerMode":"none","hasLeadingSwipeActions":false,"#
        + #""hasTrailingSwipeActions":true,"headerMode":"firstItemInSection","#
        + #""showsSeparators":true}"#)
    configuration.headerTopPadding = 0
    configuration.backgroundColor = .systemGroupedBackground
    #expect(
      try ConfigurationJSON.string(configuration.rendererDescription)
        == #"{"appearance":"insetGrouped","backgroundColor":"systemGroupedBackground","#
        + #""footerMode":"none","hasLeadingSwipeActions":false,"hasTrailingSwipeActions":true,"#
        + #""headerMode":"firstItemInSection","headerTopPadding":0,"showsSeparators":true}"#)
  }

  @Test func sectionLayoutJSONIsPinned() throws {
    #expect(
      try ConfigurationJSON.string(SectionLayout.grid(columns: 3).rendererDescription)
        == #"{"grid":{"columns":{"count":3,"kind":"count"},"#
        + #""contentInsets":{"bottom":0,"leading":0,"top":0,"trailing":0},"hasFooter":false,"#
        + #""hasHeader":false,"interItemSpacing":8,"itemHeight":{"kind":"estimated","value":44},"#
        + #""lineSpacing":8},"kind":"grid"}"#)
    #expect(
      try ConfigurationJSON.string(
        SectionLayout.grid(minimumItemWidth: 160, itemHeight: .absolute(160), spacing: 2)
          .rendererDescription)
        == #"{"grid":{"columns":{"kind":"adaptive","minimumItemWidth":160},"#
        + #""contentInsets":{"bottom":0,"leading":0,"top":0,"trailing":0},"hasFooter":false,"#
        + #""hasHeader":false,"interItemSpacing":2,"itemHeight":{"kind":"absolute","value":160},"#
        + #""lineSpacing":2},"kind":"grid"}"#)
    #expect(
      try ConfigurationJSON.string(
        SectionLayout.horizontalRow(
          itemWidth: .fractionalWidth(0.25), itemHeight: .fractionalWidth(0.5), spacing: 10,
          contentInsets: DirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10),
          hasHeader: true
        ).rendererDescription)
        == #"{"horizontalRow":{"contentInsets":{"bottom":0,"leading":10,"top":0,"trailing":10},"#
        + #""hasFooter":false,"hasHeader":true,"interItemSpacing":10,"#
        + #""itemHeight":{"kind":"fractionalWidth","value":0.5},"#
        + #""itemWidth":{"kind":"fractionalWidth","value":0.25},"#
        + #""scrollingBehavior":"continuousGroupLeadingBoundary"},"kind":"horizontalRow"}"#)
    #expect(
      try ConfigurationJSON.string(
        SectionLayout.list(ListLayoutConfiguration(appearance: .plain)).rendererDescription)
        == #"{"kind":"list","list":{"appearance":"plain","footerMode":"none","#
        + #""hasLeadingSwipeActions":false,"hasTrailingSwipeActions":false,"headerMode":"none","#
        + #""showsSeparators":true}}"#)
  }

  // MARK: Decoding what a page sends, and what it must not

  @Test func aBareAccessoryKindDecodesWithTheKindsDefaults() throws {
    #expect(
      try ConfigurationJSON.decode(CellAccessory.self, from: #"{"kind":"delete"}"#) == .delete())
    #expect(
      try ConfigurationJSON.decode(CellAccessory.self, from: #"{"kind":"symbol","name":"heart"}"#)
        == .symbol("heart"))
    #expect(
      try ConfigurationJSON.decode(
        CellAccessory.self, from: #"{"kind":"outlineDisclosure","style":"header"}"#)
        == .outlineDisclosure(style: .header))
  }

  @Test func unknownKindsThrow() throws {
    #expect(throws: DecodingError.self) {
      try ConfigurationJSON.decode(CellAccessory.self, from: #"{"kind":"switch"}"#)
    }
    #expect(throws: DecodingError.self) {
      try ConfigurationJSON.decode(CellAccessory.Kind.self, from: #"{"kind":"label"}"#)
    }
    #expect(throws: DecodingError.self) {
      try ConfigurationJSON.decode(
        LayoutDimension.self, from: #"{"kind":"fractionalHeight","value":1}"#)
    }
    #expect(throws: DecodingError.self) {
      try ConfigurationJSON.decode(GridLayout.Columns.self, from: #"{"kind":"rows","count":2}"#)
    }
    #expect(throws: DecodingError.self) {
      try ConfigurationJSON.decode(SectionLayoutDescription.self, from: #"{"kind":"carousel"}"#)
    }
    #expect(throws: DecodingError.self) {
      try ConfigurationJSON.decode(SemanticColor.self, from: #""chartreuse""#)
    }
  }

  @Test func invalidLayoutsThrowInsteadOfStopping() throws {
    let valid = try ConfigurationJSON.string(GridLayout(columns: .count(2)))
    #expect(
      try ConfigurationJSON.decode(GridLayout.self, from: valid) == GridLayout(columns: .count(2)))
    let zeroColumns = valid.replacingOccurrences(of: #""count":2"#, with: #""count":0"#)
    #expect(zeroColumns != valid)
    let error = #expect(throws: DecodingError.self) {
      try ConfigurationJSON.decode(GridLayout.self, from: zeroColumns)
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(context.debugDescription == "columns must be at least 1, got 0")

    let row = try ConfigurationJSON.string(HorizontalRowLayout(itemWidth: .absolute(80)))
    let negative = row.replacingOccurrences(of: #""value":80"#, with: #""value":-80"#)
    #expect(negative != row)
    #expect(throws: DecodingError.self) {
      try ConfigurationJSON.decode(HorizontalRowLayout.self, from: negative)
    }
    let spaced = row.replacingOccurrences(
      of: #""interItemSpacing":8"#, with: #""interItemSpacing":-1"#)
    #expect(spaced != row)
    #expect(throws: DecodingError.self) {
      try ConfigurationJSON.decode(HorizontalRowLayout.self, from: spaced)
    }
  }
}
