/// A section layout as a renderer needs it: a ``SectionLayout`` without closures.
///
/// The JSON form names the kind and puts the layout under a key of the same name:
/// `{"kind": "list", "list": {…}}`, `{"kind": "grid", "grid": {…}}`,
/// `{"kind": "horizontalRow", "horizontalRow": {…}}`.
public enum SectionLayoutDescription: Sendable, Hashable {
  /// A list, described by ``ListLayoutDescription``.
  case list(ListLayoutDescription)
  /// A grid.
  case grid(GridLayout)
  /// One row of items that scrolls sideways.
  case horizontalRow(HorizontalRowLayout)
}
