import DiffableDataSource
import Testing

@Suite("Configuration layouts")
struct ConfigurationLayoutTests {
  @Test(arguments: ListLayoutConfiguration.Appearance.allCases)
  func aListConfigurationStartsWithUIKitsDefaults(_ appearance: ListLayoutConfiguration.Appearance)
  {
    let configuration = ListLayoutConfiguration(appearance: appearance)
    #expect(configuration.appearance == appearance)
    #expect(configuration.showsSeparators)
    #expect(configuration.headerMode == .none)
    #expect(configuration.footerMode == .none)
    #expect(configuration.headerTopPadding == nil)
    #expect(configuration.backgroundColor == nil)
    #expect(configuration.leadingSwipeActionsConfigurationProvider == nil)
    #expect(configuration.trailingSwipeActionsConfigurationProvider == nil)
    #expect(configuration.rendererDescription == ListLayoutDescription(appearance: appearance))
  }

  @Test func theDescriptionCopiesTheDataAndRecordsWhichProvidersExist() {
    var configuration = ListLayoutConfiguration(appearance: .sidebar)
    configuration.showsSeparators = false
    configuration.headerMode = .supplementary
    configuration.footerMode = .supplementary
    configuration.headerTopPadding = 12
    configuration.backgroundColor = .secondarySystemBackground
    let expected = ListLayoutDescription(
      appearance: .sidebar, showsSeparators: false, headerMode: .supplementary,
      footerMode: .supplementary, headerTopPadding: 12, backgroundColor: .secondarySystemBackground)
    #expect(configuration.rendererDescription == expected)

    configuration.leadingSwipeActionsConfigurationProvider = { _ in nil }
    #expect(configuration.rendererDescription.hasLeadingSwipeActions)
    #expect(!configuration.rendererDescription.hasTrailingSwipeActions)

    configuration.trailingSwipeActionsConfigurationProvider = { _ in nil }
    #expect(configuration.rendererDescription.hasLeadingSwipeActions)
    #expect(configuration.rendererDescription.hasTrailingSwipeActions)

    configuration.leadingSwipeActionsConfigurationProvider = nil
    #expect(!configuration.rendererDescription.hasLeadingSwipeActions)
    #expect(configuration.rendererDescription.hasTrailingSwipeActions)

    var withProviders = expected
    withProviders.hasTrailingSwipeActions = true
    #expect(configuration.rendererDescription == withProviders)
  }

  @Test func firstItemInSectionHeadersAsTheSeedSetsThemUp() {
    var configuration = ListLayoutConfiguration(appearance: .insetGrouped)
    configuration.showsSeparators = true
    configuration.headerMode = .firstItemInSection
    #expect(configuration.rendererDescription.headerMode == .firstItemInSection)
    #expect(configuration.rendererDescription.appearance == .insetGrouped)
  }

  @Test func gridFactoriesBuildGridLayouts() {
    guard
      case .grid(let fixed) = SectionLayout.grid(columns: 3, itemHeight: .absolute(90), spacing: 4)
    else {
      Issue.record("expected a grid")
      return
    }
    #expect(
      fixed
        == GridLayout(
          columns: .count(3), itemHeight: .absolute(90), interItemSpacing: 4, lineSpacing: 4))

    guard
      case .grid(let adaptive) = SectionLayout.grid(
        minimumItemWidth: 120, contentInsets: DirectionalEdgeInsets(all: 8), hasHeader: true)
    else {
      Issue.record("expected a grid")
      return
    }
    #expect(adaptive.columns == .adaptive(minimumItemWidth: 120))
    #expect(adaptive.itemHeight == .estimated(44))
    #expect(adaptive.interItemSpacing == 8)
    #expect(adaptive.lineSpacing == 8)
    #expect(adaptive.contentInsets == DirectionalEdgeInsets(all: 8))
    #expect(adaptive.hasHeader)
    #expect(!adaptive.hasFooter)
  }

  @Test func theRowFactoryBuildsARowLayout() {
    guard
      case .horizontalRow(let row) = SectionLayout.horizontalRow(
        itemWidth: .fractionalWidth(0.28), itemHeight: .fractionalWidth(0.2), spacing: 10,
        scrollingBehavior: .groupPaging)
    else {
      Issue.record("expected a horizontal row")
      return
    }
    #expect(
      row
        == HorizontalRowLayout(
          itemWidth: .fractionalWidth(0.28), itemHeight: .fractionalWidth(0.2),
          interItemSpacing: 10, scrollingBehavior: .groupPaging))
    let plain = HorizontalRowLayout(itemWidth: .absolute(100))
    #expect(plain.scrollingBehavior == .continuousGroupLeadingBoundary)
    #expect(plain.itemHeight == .estimated(44))
    #expect(plain.interItemSpacing == 8)
    #expect(plain.contentInsets == .zero)
    #expect(!plain.hasHeader && !plain.hasFooter)
  }

  @Test func sectionDescriptionsKeepTheLayoutAndDropClosures() {
    var list = ListLayoutConfiguration(appearance: .grouped)
    list.trailingSwipeActionsConfigurationProvider = { _ in nil }
    let sections: [SectionLayout] = [
      .horizontalRow(itemWidth: .fractionalWidth(0.28)),
      .list(list),
      .grid(columns: 2),
    ]
    let descriptions = sections.map(\.rendererDescription)
    #expect(
      descriptions == [
        .horizontalRow(HorizontalRowLayout(itemWidth: .fractionalWidth(0.28))),
        .list(ListLayoutDescription(appearance: .grouped, hasTrailingSwipeActions: true)),
        .grid(GridLayout(columns: .count(2))),
      ])
  }

  @Test func layoutsCompareByEveryValue() {
    let base = GridLayout(columns: .count(2))
    let variants = [
      GridLayout(columns: .count(3)),
      GridLayout(columns: .adaptive(minimumItemWidth: 2)),
      GridLayout(columns: .count(2), itemHeight: .absolute(44)),
      GridLayout(columns: .count(2), interItemSpacing: 0),
      GridLayout(columns: .count(2), lineSpacing: 0),
      GridLayout(columns: .count(2), contentInsets: DirectionalEdgeInsets(all: 1)),
      GridLayout(columns: .count(2), hasHeader: true),
      GridLayout(columns: .count(2), hasFooter: true),
    ]
    #expect(Set(variants + [base]).count == variants.count + 1)
    #expect(LayoutDimension.absolute(1) != .estimated(1))
    #expect(LayoutDimension.estimated(1) != .fractionalWidth(1))
  }

  /// The section layouts of Guides/ListConfiguration.md, as written there.
  @Test func theGuidesSectionLayouts() {
    enum Section: CaseIterable { case recents, photos, outline, all }
    var list = ListLayoutConfiguration(appearance: .insetGrouped)
    list.headerMode = .firstItemInSection
    func layout(for section: Section) -> SectionLayout {
      switch section {
      case .recents: .horizontalRow(itemWidth: .fractionalWidth(0.28), itemHeight: .absolute(120))
      case .photos: .grid(minimumItemWidth: 120, itemHeight: .absolute(120), spacing: 2)
      case .outline: .list(ListLayoutConfiguration(appearance: .sidebar))
      case .all: .list(list)
      }
    }
    #expect(
      Section.allCases.map { layout(for: $0).rendererDescription } == [
        .horizontalRow(
          HorizontalRowLayout(itemWidth: .fractionalWidth(0.28), itemHeight: .absolute(120))),
        .grid(
          GridLayout(
            columns: .adaptive(minimumItemWidth: 120), itemHeight: .absolute(120),
            interItemSpacing: 2, lineSpacing: 2)),
        .list(ListLayoutDescription(appearance: .sidebar)),
        .list(ListLayoutDescription(appearance: .insetGrouped, headerMode: .firstItemInSection)),
      ])
  }
}
