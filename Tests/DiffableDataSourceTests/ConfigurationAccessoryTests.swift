import DiffableDataSource
import Testing

/// Every `CellAccessory` factory, for parameterized tests.
enum ConfigurationAccessoryFactory: String, CaseIterable, Sendable {
  case disclosureIndicator, outlineDisclosure, checkmark, delete, insert, reorder, detail
  case label, symbol

  func make() -> CellAccessory {
    switch self {
    case .disclosureIndicator: .disclosureIndicator()
    case .outlineDisclosure: .outlineDisclosure()
    case .checkmark: .checkmark()
    case .delete: .delete()
    case .insert: .insert()
    case .reorder: .reorder()
    case .detail: .detail()
    case .label: .label(text: "3")
    case .symbol: .symbol("heart.fill")
    }
  }

  /// The kind, displayed state and placement each factory documents.
  var documented: (CellAccessory.Kind, CellAccessory.DisplayedState, CellAccessory.Placement) {
    switch self {
    case .disclosureIndicator: (.disclosureIndicator, .always, .trailing)
    case .outlineDisclosure: (.outlineDisclosure(style: .cell), .always, .trailing)
    case .checkmark: (.checkmark, .always, .trailing)
    case .delete: (.delete, .whenEditing, .leading)
    case .insert: (.insert, .whenEditing, .leading)
    case .reorder: (.reorder, .whenEditing, .trailing)
    case .detail: (.detail, .always, .trailing)
    case .label: (.label(text: "3"), .always, .trailing)
    case .symbol: (.symbol(name: "heart.fill", accessibilityLabel: nil), .always, .trailing)
    }
  }
}

@Suite("Configuration accessories")
struct ConfigurationAccessoryTests {
  @Test(arguments: ConfigurationAccessoryFactory.allCases)
  func factoryMakesItsKindWithUIKitsDefaults(_ factory: ConfigurationAccessoryFactory) {
    let accessory = factory.make()
    let (kind, displayed, placement) = factory.documented
    #expect(accessory.kind == kind)
    #expect(accessory.displayed == displayed)
    #expect(accessory.placement == placement)
    #expect(accessory.tintColor == nil)
    #expect(accessory.isHidden == false)
    #expect(kind.defaultDisplayedState == displayed)
    #expect(kind.defaultPlacement == placement)
    #expect(CellAccessory(kind: kind) == accessory)
  }

  @Test func factoriesPassTheirOptionsOn() {
    let options: [(CellAccessory, CellAccessory.Kind)] = [
      (
        .disclosureIndicator(displayed: .whenNotEditing, tintColor: .tint, isHidden: true),
        .disclosureIndicator
      ),
      (
        .outlineDisclosure(
          style: .header, displayed: .whenNotEditing, tintColor: .tint, isHidden: true),
        .outlineDisclosure(style: .header)
      ),
      (.checkmark(displayed: .whenNotEditing, tintColor: .tint, isHidden: true), .checkmark),
      (.delete(displayed: .whenNotEditing, tintColor: .tint, isHidden: true), .delete),
      (.insert(displayed: .whenNotEditing, tintColor: .tint, isHidden: true), .insert),
      (.reorder(displayed: .whenNotEditing, tintColor: .tint, isHidden: true), .reorder),
      (.detail(displayed: .whenNotEditing, tintColor: .tint, isHidden: true), .detail),
      (
        .label(text: "x", displayed: .whenNotEditing, tintColor: .tint, isHidden: true),
        .label(text: "x")
      ),
      (
        .symbol(
          "x", accessibilityLabel: "X", displayed: .whenNotEditing, tintColor: .tint, isHidden: true
        ),
        .symbol(name: "x", accessibilityLabel: "X")
      ),
    ]
    for (accessory, kind) in options {
      #expect(accessory.kind == kind)
      #expect(accessory.displayed == .whenNotEditing)
      #expect(accessory.tintColor == .tint)
      #expect(accessory.isHidden)
      #expect(accessory.placement == kind.defaultPlacement)
    }
  }

  @Test func theRecipesHeartIsATrailingSecondaryLabelSymbol() {
    let heart = CellAccessory.symbol("heart.fill", placement: .trailing, tintColor: .secondaryLabel)
    #expect(heart.kind == .symbol(name: "heart.fill", accessibilityLabel: nil))
    #expect(heart.placement == .trailing)
    #expect(heart.tintColor == .secondaryLabel)
    #expect(heart.displayed == .always)
    #expect(CellAccessory.symbol("heart.fill", placement: .leading).placement == .leading)
  }

  @Test func theInitializerKeepsExplicitOptionsOverTheKindsDefaults() {
    let accessory = CellAccessory(kind: .delete, displayed: .always, placement: .trailing)
    #expect(accessory.displayed == .always)
    #expect(accessory.placement == .trailing)
  }

  @Test(arguments: [false, true])
  func displayedStateDecidesVisibility(isEditing: Bool) {
    #expect(CellAccessory.checkmark(displayed: .always).isDisplayed(isEditing: isEditing))
    #expect(
      CellAccessory.delete(displayed: .whenEditing).isDisplayed(isEditing: isEditing) == isEditing)
    #expect(
      CellAccessory.disclosureIndicator(displayed: .whenNotEditing).isDisplayed(
        isEditing: isEditing)
        == !isEditing)
    for displayed in CellAccessory.DisplayedState.allCases {
      #expect(
        !CellAccessory.reorder(displayed: displayed, isHidden: true).isDisplayed(
          isEditing: isEditing))
    }
  }

  @Test func accessoriesCompareByEveryOption() {
    let base = CellAccessory.checkmark()
    var tinted = base
    tinted.tintColor = .systemGreen
    var hidden = base
    hidden.isHidden = true
    var moved = base
    moved.placement = .leading
    var editing = base
    editing.displayed = .whenEditing
    #expect(Set([base, tinted, hidden, moved, editing]).count == 5)
    #expect(CellAccessory.label(text: "1") != .label(text: "2"))
    #expect(CellAccessory.outlineDisclosure(style: .cell) != .outlineDisclosure(style: .header))
  }
}
