import Foundation

/// The recipes' pictures: small SVG drawings made in code, so the app ships no image files
/// and downloads nothing.
///
/// Each sample recipe's ``Recipe/imageName`` names a drawing of its dish, seen from above
/// (or from the side, for drinks): a plate, bowl, skillet, board, tray or glass in a
/// square tile tinted by the recipe's first collection. Shapes and colours come from a
/// description of the dish; the placement of small items comes from a generator seeded by
/// the name, so a name always draws the same picture. The drawings use a 100 × 100 view
/// box and bold shapes so that they stay legible from 48 to 200 points.
public enum RecipeImages {
  /// The picture given to recipes whose image name has no drawing, such as new recipes.
  public static let placeholderName = "placeholder"

  /// Every name ``svg(named:)`` draws, sorted.
  public static var names: [String] { artwork.keys.sorted() }

  /// Whether ``svg(named:)`` has a drawing for `name`.
  public static func hasImage(named name: String) -> Bool {
    isValidName(name) && artwork[name] != nil
  }

  /// The SVG document for `name`, or `nil` when no picture has that name.
  ///
  /// Names are lowercase ASCII letters, digits and hyphens; anything else, such as a path
  /// separator or a dot, is refused before any lookup, so a server can pass a URL's last
  /// path component straight in.
  public static func svg(named name: String) -> String? {
    guard isValidName(name), let art = artwork[name] else { return nil }
    return art.render(name: name)
  }

  /// Whether `name` has the form of an image name: 1 to 64 of `a-z`, `0-9` and `-`.
  public static func isValidName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 64
      && name.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
      }
  }

  private static let artwork: [String: DishArt] = {
    var table = [placeholderName: DishArt.placeholder]
    for entry in SampleRecipes.entries {
      table[entry.imageName] = entry.art
    }
    return table
  }()
}

// MARK: - Describing a dish

/// What a picture shows: a vessel, the food in it and what is scattered on top.
struct DishArt: Sendable {
  /// What holds the food.
  enum Vessel: Sendable {
    case plate
    case bowl(glaze: String)
    case skillet
    case board
    case tray
    case glass
  }

  /// The main body of food, with its colour.
  enum Food: Sendable {
    /// Nothing but the toppings (a salad on a plate, chicken in a pan).
    case none
    /// A disc: a pancake, scrambled eggs, a soup's surface in a bowl.
    case round(String)
    /// A slice of round cake or pie.
    case wedge(String)
    /// Two folded tortillas.
    case pair(String)
    /// A loaf of bread, seen from above.
    case loaf(String)
    /// Something baked flat in a tray.
    case slab(String)
    /// A drink in a glass.
    case liquid(String)
  }

  /// Small things drawn over the food, inside its outline.
  enum Topping: Sendable {
    case dots(String, count: Int, size: Double = 3)
    case leaves(String, count: Int)
    case slices(String, count: Int, size: Double = 5.5)
    case cubes(String, count: Int, size: Double = 5.5)
    case strands(String, count: Int)
    case drizzle(String)
    case eggs(count: Int)
    case rounds(String, count: Int)
    case grid(String)
    case scores(String)
  }

  var vessel: Vessel
  var food: Food
  var toppings: [Topping]
  /// The tile's background.
  var tint: String

  static let placeholder = DishArt(
    vessel: .plate, food: .round("#e9dfcc"),
    toppings: [.leaves("#7aa35e", count: 3), .dots("#c9b48f", count: 4, size: 2.5)],
    tint: "#eeeae3")
}

// MARK: - Drawing

extension DishArt {
  /// Where toppings go: a disc or a rectangle, always inside the clip outline.
  private enum Region {
    case disc(x: Double, y: Double, radius: Double)
    case box(x: Double, y: Double, width: Double, height: Double)

    var center: (x: Double, y: Double) {
      switch self {
      case .disc(let x, let y, _): return (x, y)
      case .box(let x, let y, let width, let height): return (x + width / 2, y + height / 2)
      }
    }

    var reach: Double {
      switch self {
      case .disc(_, _, let radius): return radius
      case .box(_, _, let width, let height): return min(width, height) / 2
      }
    }

    func point(_ random: inout SplitMix64) -> (x: Double, y: Double) {
      switch self {
      case .disc(let x, let y, let radius):
        // The square root spreads points evenly over the disc instead of crowding the
        // centre.
        let distance = radius * random.unit().squareRoot()
        let angle = random.unit() * 2 * .pi
        return (x + distance * cos(angle), y + distance * sin(angle))
      case .box(let x, let y, let width, let height):
        return (x + random.unit() * width, y + random.unit() * height)
      }
    }
  }

  func render(name: String) -> String {
    var random = SplitMix64(seed: name)
    let clipID = "food-\(name)"
    var svg = Canvas()
    svg.add("<rect width='100' height='100' rx='16' fill='\(tint)'/>")
    let (clip, region) = drawVesselAndFood(into: &svg)
    svg.add("<clipPath id='\(clipID)'>\(clip)</clipPath>")
    svg.add("<g clip-path='url(#\(clipID))'>")
    for topping in toppings {
      draw(topping, in: region, into: &svg, random: &random)
    }
    svg.add("</g>")
    if case .glass = vessel {
      // The straw goes over the drink's surface, so it comes after the toppings.
      svg.add(
        "<path d='M56 40 L67 8' stroke='#e4574b' stroke-width='4' stroke-linecap='round'/>")
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="200" height="200">\
      \(svg.text)</svg>

      """
  }

  /// Draws the vessel and the food, and returns the food's outline (for clipping the
  /// toppings) and the region toppings are placed in.
  private func drawVesselAndFood(into svg: inout Canvas) -> (clip: String, region: Region) {
    let shadow = "fill='#000' fill-opacity='0.09'"
    switch vessel {
    case .plate:
      svg.add("<circle cx='51' cy='53' r='41' \(shadow)/>")
      svg.add("<circle cx='50' cy='50' r='40' fill='#fbfaf6' stroke='#d9d3c6'/>")
      svg.add("<circle cx='50' cy='50' r='30.5' fill='none' stroke='#ebe5d9'/>")
    case .bowl(let glaze):
      svg.add("<circle cx='51' cy='53' r='41' \(shadow)/>")
      svg.add("<circle cx='50' cy='50' r='40' fill='\(glaze)'/>")
      svg.add("<circle cx='50' cy='50' r='35' fill='#fbfaf6'/>")
    case .skillet:
      svg.add("<rect x='78' y='45' width='21' height='10' rx='5' fill='#2b2b2b'/>")
      svg.add("<circle cx='45' cy='50' r='38' fill='#333'/>")
      svg.add("<circle cx='45' cy='50' r='32' fill='#454545'/>")
    case .board:
      svg.add("<rect x='84' y='42' width='12' height='16' rx='5' fill='#b9854f'/>")
      svg.add("<rect x='8' y='20' width='80' height='62' rx='10' fill='#c9975f'/>")
      svg.add(
        "<path d='M14 34 H82 M14 66 H82' stroke='#b5824a' stroke-width='1' opacity='0.6'/>")
    case .tray:
      svg.add("<rect x='9' y='19' width='82' height='66' rx='7' \(shadow)/>")
      svg.add("<rect x='8' y='17' width='82' height='66' rx='7' fill='#a7adb3'/>")
      svg.add("<rect x='13' y='22' width='72' height='56' rx='4' fill='#efe7d6'/>")
    case .glass:
      svg.add("<ellipse cx='50' cy='90' rx='20' ry='4' \(shadow)/>")
      svg.add(
        "<path d='M30 14 H70 L64 86 Q63.5 90 60 90 H40 Q36.5 90 36 86 Z' fill='#ffffff' "
          + "fill-opacity='0.7' stroke='#c4cdd2' stroke-width='1.5'/>")
    }

    switch (vessel, food) {
    case (.glass, .liquid(let colour)), (.glass, .round(let colour)):
      let outline = "<path d='M32.5 30 H67.5 L62.5 85 Q62 88 59 88 H41 Q38 88 37.5 85 Z'/>"
      svg.add(fill(outline, colour))
      svg.add("<ellipse cx='50' cy='30' rx='17.5' ry='3' fill='#fff' fill-opacity='0.35'/>")
      return (outline, .box(x: 38, y: 31, width: 24, height: 10))
    case (.glass, _):
      return (
        "<rect x='32' y='30' width='36' height='58'/>", .box(x: 38, y: 40, width: 24, height: 40)
      )
    case (.skillet, _):
      let outline = "<circle cx='45' cy='50' r='32'/>"
      if case .round(let colour) = food { svg.add(fill(outline, colour)) }
      return (outline, .disc(x: 45, y: 50, radius: 25))
    case (.bowl, _):
      let outline = "<circle cx='50' cy='50' r='33'/>"
      if case .round(let colour) = food {
        svg.add(fill(outline, colour))
        svg.add(
          "<circle cx='50' cy='50' r='32' fill='none' stroke='#000' stroke-opacity='0.1' "
            + "stroke-width='2'/>")
      }
      return (outline, .disc(x: 50, y: 50, radius: 26))
    case (.tray, _), (_, .slab):
      let outline = "<rect x='16' y='25' width='66' height='50' rx='3'/>"
      if case .slab(let colour) = food { svg.add(fill(outline, colour)) }
      return (outline, .box(x: 20, y: 29, width: 58, height: 42))
    case (_, .loaf(let colour)):
      let outline = "<ellipse cx='48' cy='51' rx='30' ry='20'/>"
      svg.add("<ellipse cx='49' cy='54' rx='30' ry='20' fill='#000' fill-opacity='0.12'/>")
      svg.add(fill(outline, colour))
      return (outline, .box(x: 26, y: 40, width: 44, height: 22))
    case (_, .wedge(let colour)):
      let outline = "<path d='M50 24 L69 68 A47 47 0 0 1 31 68 Z'/>"
      svg.add(fill(outline, colour))
      svg.add(
        "<path d='M69 68 A47 47 0 0 1 31 68' fill='none' stroke='#c8873f' stroke-width='4' "
          + "stroke-linecap='round'/>")
      return (outline, .disc(x: 50, y: 56, radius: 10))
    case (_, .pair(let colour)):
      // Two folded tortillas seen from above, the filling showing along the open edge.
      svg.add(fill("<path d='M27 36 A21 21 0 0 0 69 36 Z M31 58 A21 21 0 0 0 73 58 Z'/>", colour))
      let filling =
        "<ellipse cx='48' cy='36' rx='19' ry='5.5'/><ellipse cx='52' cy='58' rx='19' ry='5.5'/>"
      svg.add("<g fill='#5a3b2e'>\(filling)</g>")
      return (filling, .box(x: 29, y: 30, width: 42, height: 34))
    case (_, .round(let colour)):
      let outline = "<circle cx='50' cy='50' r='25'/>"
      svg.add(fill(outline, colour))
      return (outline, .disc(x: 50, y: 50, radius: 20))
    case (_, .none), (_, .liquid):
      return ("<circle cx='50' cy='50' r='31'/>", .disc(x: 50, y: 50, radius: 23))
    }
  }

  private func draw(
    _ topping: Topping, in region: Region, into svg: inout Canvas, random: inout SplitMix64
  ) {
    switch topping {
    case .dots(let colour, let count, let size):
      for _ in 0..<count {
        let p = region.point(&random)
        svg.add("<circle cx='\(n(p.x))' cy='\(n(p.y))' r='\(n(size))' fill='\(colour)'/>")
      }
    case .leaves(let colour, let count):
      for _ in 0..<count {
        let p = region.point(&random)
        let angle = random.unit() * 180
        svg.add(
          "<ellipse cx='\(n(p.x))' cy='\(n(p.y))' rx='4.6' ry='2' fill='\(colour)' "
            + "transform='rotate(\(n(angle)) \(n(p.x)) \(n(p.y)))'/>")
      }
    case .slices(let colour, let count, let size):
      for _ in 0..<count {
        let p = region.point(&random)
        svg.add(
          "<circle cx='\(n(p.x))' cy='\(n(p.y))' r='\(n(size))' fill='\(colour)'/>"
            + "<circle cx='\(n(p.x))' cy='\(n(p.y))' r='\(n(size * 0.62))' fill='#fff' "
            + "fill-opacity='0.38'/>")
      }
    case .cubes(let colour, let count, let size):
      for _ in 0..<count {
        let p = region.point(&random)
        let angle = random.unit() * 90
        svg.add(
          "<rect x='\(n(p.x - size / 2))' y='\(n(p.y - size / 2))' width='\(n(size))' "
            + "height='\(n(size))' rx='1' fill='\(colour)' stroke='#000' "
            + "stroke-opacity='0.08' transform='rotate(\(n(angle)) \(n(p.x)) \(n(p.y)))'/>")
      }
    case .strands(let colour, let count):
      for _ in 0..<count {
        let p = region.point(&random)
        let angle = random.unit() * 180
        let x = p.x - 12
        svg.add(
          "<path d='M\(n(x)) \(n(p.y)) q4 -5 8 0 t8 0 t8 0' fill='none' "
            + "stroke='\(colour)' stroke-width='2.6' stroke-linecap='round' "
            + "transform='rotate(\(n(angle)) \(n(p.x)) \(n(p.y)))'/>")
      }
    case .drizzle(let colour):
      // A swirl of half circles that shrink as they turn, like cream stirred into soup.
      let (x, y) = region.center
      var reach = region.reach * 0.8
      var edge = x + reach
      var path = "M\(n(edge)) \(n(y))"
      for turn in 0..<4 {
        reach *= 0.7
        let next = turn.isMultiple(of: 2) ? x - reach : x + reach
        let radius = abs(edge - next) / 2
        path += " A\(n(radius)) \(n(radius)) 0 0 1 \(n(next)) \(n(y))"
        edge = next
      }
      svg.add(
        "<path d='\(path)' fill='none' stroke='\(colour)' stroke-width='2.8' "
          + "stroke-linecap='round' opacity='0.9'/>")
    case .eggs(let count):
      for (x, y) in ring(count, around: region, radius: 8.5, random: &random) {
        svg.add(
          "<circle cx='\(n(x))' cy='\(n(y))' r='8.5' fill='#fffaf0'/>"
            + "<circle cx='\(n(x + 1))' cy='\(n(y - 1))' r='3.8' fill='#f5b335'/>")
      }
    case .rounds(let colour, let count):
      for (x, y) in ring(count, around: region, radius: 9.5, random: &random) {
        svg.add(
          "<circle cx='\(n(x + 0.8))' cy='\(n(y + 1.2))' r='9.5' fill='#000' "
            + "fill-opacity='0.12'/>"
            + "<circle cx='\(n(x))' cy='\(n(y))' r='9.5' fill='\(colour)'/>")
      }
    case .grid(let colour):
      guard case .box(let x, let y, let width, let height) = region else { return }
      var path = ""
      for i in 1...3 { path += "M\(n(x + width * Double(i) / 4)) \(n(y - 6)) v\(n(height + 12)) " }
      for i in 1...2 { path += "M\(n(x - 6)) \(n(y + height * Double(i) / 3)) h\(n(width + 12)) " }
      svg.add("<path d='\(path)' stroke='\(colour)' stroke-width='1.4'/>")
    case .scores(let colour):
      let (x, y) = region.center
      var path = ""
      for offset in [-14.0, 0, 14] {
        path += "M\(n(x + offset - 5)) \(n(y + 8)) L\(n(x + offset + 5)) \(n(y - 8)) "
      }
      svg.add(
        "<path d='\(path)' stroke='\(colour)' stroke-width='3' stroke-linecap='round'/>")
    }
  }

  /// Centres for `count` items of `radius`: one in the middle, or a ring with an item in
  /// the middle once there are five or more; the ring's rotation is random.
  private func ring(
    _ count: Int, around region: Region, radius: Double, random: inout SplitMix64
  ) -> [(Double, Double)] {
    let (x, y) = region.center
    guard count > 1 else { return count == 1 ? [(x, y)] : [] }
    let middle = count >= 5
    let onRing = middle ? count - 1 : count
    let distance = max(region.reach - radius * 0.55, radius)
    let start = random.unit() * 2 * .pi
    var centres = (0..<onRing).map { index -> (Double, Double) in
      let angle = start + 2 * .pi * Double(index) / Double(onRing)
      return (x + distance * cos(angle), y + distance * sin(angle))
    }
    if middle { centres.append((x, y)) }
    return centres
  }

  private func fill(_ outline: String, _ colour: String) -> String {
    outline.replacingOccurrences(of: "/>", with: " fill='\(colour)'/>")
  }
}

/// Formats a coordinate with at most one decimal, so the documents stay short.
private func n(_ value: Double) -> String {
  let rounded = (value * 10).rounded() / 10
  if rounded == rounded.rounded() { return String(Int(rounded)) }
  return String(rounded)
}

/// Accumulates SVG elements.
private struct Canvas {
  var text = ""
  mutating func add(_ element: String) { text += element }
}

/// A small, fixed pseudo-random generator (SplitMix64), seeded from a name with FNV-1a.
///
/// Swift's own hashing is seeded per process and its random algorithms may change between
/// releases; pictures must not.
private struct SplitMix64 {
  private var state: UInt64

  init(seed name: String) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    state = hash
  }

  mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  /// A number in `0..<1`.
  mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }
}
