import OrderedCollections

/// The elements that occur in `elements` more than once, each named once, in the order of
/// their second occurrence: what a message about duplicate arguments lists.
///
/// - Complexity: O(*n*) expected.
@inlinable
internal func _repeatedElements<Element: Hashable>(in elements: [Element]) -> [Element] {
  var seen = Set<Element>()
  var repeated = OrderedSet<Element>()
  for element in elements where !seen.insert(element).inserted { repeated.append(element) }
  return repeated.elements
}
