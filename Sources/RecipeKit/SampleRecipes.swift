import Foundation

/// The recipes a new data directory starts with: 33 dishes in six collections.
///
/// They live in code rather than a resource file so that a fresh checkout needs nothing
/// beside the sources. Ids run from 1 in list order; each recipe's `addedOn` lies a fixed
/// number of days before the moment of seeding, spread over the last six weeks, so Recents
/// has something to show on a new machine.
public enum SampleRecipes {
  /// The sample recipes, dated relative to `now`.
  public static func recipes(relativeTo now: Date = Date()) -> [Recipe] {
    // Whole seconds, because that is what the file keeps: a seeded store and the same
    // store read back must compare equal.
    let base = now.timeIntervalSince1970.rounded(.down)
    return entries.enumerated().map { offset, entry in
      Recipe(
        id: offset + 1,
        title: entry.title,
        prepTime: entry.prepMinutes * 60,
        cookTime: entry.cookMinutes * 60,
        servings: entry.servings,
        ingredients: entry.ingredients,
        directions: entry.directions,
        isFavorite: entry.isFavorite,
        collections: entry.collections,
        addedOn: Date(timeIntervalSince1970: base - (entry.daysAgo * 86_400).rounded()),
        imageName: entry.imageName)
    }
  }

  /// The names of the collections the samples use, sorted as ``DataStore/collections``.
  public static let collectionNames = [
    baking, breakfast, desserts, salads, soups, weeknight,
  ]

  struct Entry: Sendable {
    var title: String
    var prepMinutes: Int
    var cookMinutes: Int
    var servings: String
    var collections: [String]
    var isFavorite = false
    var daysAgo: Double
    var ingredients: String
    var directions: String
    var art: DishArt

    /// The title in lowercase with hyphens between words: the name of its picture.
    var imageName: String {
      let words = title.lowercased().unicodeScalars.split { scalar in
        !(("a"..."z").contains(scalar) || ("0"..."9").contains(scalar))
      }
      return words.map { String(String.UnicodeScalarView($0)) }.joined(separator: "-")
    }
  }

  private static let breakfast = "Breakfast"
  private static let weeknight = "Weeknight Dinners"
  private static let soups = "Soups & Stews"
  private static let salads = "Salads & Bowls"
  private static let baking = "Baking"
  private static let desserts = "Desserts"

  /// The tile colour of each collection's pictures, from the recipe's first collection.
  private static func tint(_ collection: String) -> String {
    switch collection {
    case breakfast: return "#fbeed3"
    case weeknight: return "#e2ebf3"
    case soups: return "#f7e1d7"
    case salads: return "#e3efd9"
    case baking: return "#f1e6d6"
    default: return "#f6e0e6"
    }
  }

  private static func art(
    _ collection: String, _ vessel: DishArt.Vessel, _ food: DishArt.Food,
    _ toppings: [DishArt.Topping]
  ) -> DishArt {
    DishArt(vessel: vessel, food: food, toppings: toppings, tint: tint(collection))
  }

  // Colours used by several pictures.
  private static let herb = "#4e8d3e"
  private static let parsley = "#5fa052"
  private static let lemon = "#f2d04b"
  private static let cream = "#f7efdf"
  private static let tomato = "#d9472b"
  private static let carrot = "#ee8a2e"
  private static let feta = "#fbfaf2"
  private static let blueberry = "#4b5ea6"
  private static let sesame = "#3a3633"
  private static let oliveOil = "#b7a23a"
  private static let terracotta = "#b8603f"
  private static let slate = "#3f5d73"
  private static let sage = "#7d9a78"
  private static let sand = "#cdbb9c"
  private static let ink = "#2f3a40"

  static let entries: [Entry] = [
    Entry(
      title: "Skillet Eggs in Spiced Tomato Sauce", prepMinutes: 10, cookMinutes: 25,
      servings: "4", collections: [breakfast], isFavorite: true, daysAgo: 2.3,
      ingredients: """
        2 tablespoons olive oil
        1 onion, thinly sliced
        1 red bell pepper, diced
        3 cloves garlic, sliced
        1 teaspoon ground cumin
        1 teaspoon sweet paprika
        1 can (28 oz) crushed tomatoes
        6 eggs
        Salt and pepper
        A handful of chopped parsley
        """,
      directions: """
        Warm the oil in a wide skillet over medium heat and cook the onion and pepper until soft, about 8 minutes.
        Stir in the garlic, cumin and paprika and cook for a minute, until fragrant.
        Add the tomatoes, season with salt and pepper, and simmer for 10 minutes, until thickened.
        Make six hollows in the sauce, crack an egg into each, cover, and cook for 5 to 7 minutes, until the whites are set.
        Scatter with parsley and serve from the pan, with crusty bread.
        """,
      art: art(breakfast, .skillet, .round(tomato), [.eggs(count: 5), .leaves(parsley, count: 7)])),
    Entry(
      title: "Overnight Oats with Berries", prepMinutes: 5, cookMinutes: 0,
      servings: "2", collections: [breakfast], daysAgo: 9.1,
      ingredients: """
        1 cup rolled oats
        1 cup milk
        1/2 cup plain yogurt
        1 tablespoon chia seeds
        1 tablespoon maple syrup
        Pinch of salt
        1 cup mixed berries
        """,
      directions: """
        Stir the oats, milk, yogurt, chia seeds, maple syrup and salt together in a jar or bowl.
        Cover and refrigerate overnight, or for at least 6 hours.
        In the morning, loosen with a splash of milk and top with the berries.
        """,
      art: art(
        breakfast, .bowl(glaze: sand), .round("#e8d6ad"),
        [
          .dots(blueberry, count: 8, size: 3.4), .dots("#d8344a", count: 4, size: 4),
          .leaves("#6fae5a", count: 2),
        ])),
    Entry(
      title: "Buttermilk Pancakes", prepMinutes: 10, cookMinutes: 20,
      servings: "4 (about 12 pancakes)", collections: [breakfast], isFavorite: true,
      daysAgo: 20.6,
      ingredients: """
        2 cups all-purpose flour
        2 tablespoons sugar
        2 teaspoons baking powder
        1/2 teaspoon baking soda
        1/2 teaspoon salt
        2 cups buttermilk
        2 eggs
        3 tablespoons melted butter, plus more for the pan
        """,
      directions: """
        Whisk the flour, sugar, baking powder, baking soda and salt in a large bowl.
        In another bowl, whisk the buttermilk, eggs and melted butter, pour them into the dry ingredients and stir until just combined; a few lumps are fine.
        Heat a lightly buttered griddle over medium heat and pour 1/4 cup of batter for each pancake.
        Cook until bubbles cover the surface and the edges look dry, about 2 minutes, then flip and cook 1 to 2 minutes more.
        Serve warm, with butter and maple syrup.
        """,
      art: art(
        breakfast, .plate, .round("#e2a54e"),
        [.drizzle("#9a5a22"), .cubes("#fbe7a1", count: 1, size: 8), .dots(blueberry, count: 5)])),
    Entry(
      title: "Herby Scrambled Eggs on Toast", prepMinutes: 5, cookMinutes: 5,
      servings: "2", collections: [breakfast], daysAgo: 30.2,
      ingredients: """
        4 eggs
        2 tablespoons milk
        1 tablespoon butter
        2 tablespoons chopped chives
        1 tablespoon chopped dill
        2 slices sourdough, toasted
        Salt and pepper
        """,
      directions: """
        Beat the eggs with the milk and a pinch of salt.
        Melt the butter in a nonstick pan over low heat, add the eggs, and stir slowly with a spatula, drawing the curds in from the edges.
        Take the pan off the heat while the eggs still look a little wet; they finish cooking on their own.
        Fold in the herbs, season with pepper, and spoon onto the toast.
        """,
      art: art(
        breakfast, .plate, .round("#f3cf55"),
        [.dots("#e9bb3a", count: 6, size: 4), .leaves(herb, count: 8)])),
    Entry(
      title: "Banana Walnut Bread", prepMinutes: 15, cookMinutes: 60,
      servings: "1 loaf (10 slices)", collections: [breakfast, baking], isFavorite: true,
      daysAgo: 38.4,
      ingredients: """
        3 very ripe bananas
        1/3 cup melted butter
        3/4 cup brown sugar
        1 egg, beaten
        1 teaspoon vanilla extract
        1 teaspoon baking soda
        Pinch of salt
        1 1/2 cups all-purpose flour
        3/4 cup chopped walnuts
        """,
      directions: """
        Heat the oven to 350°F (175°C) and butter a 9-by-5-inch loaf pan.
        Mash the bananas in a bowl, then stir in the butter, sugar, egg and vanilla.
        Sprinkle the baking soda and salt over the mixture, then fold in the flour and walnuts until no dry streaks remain.
        Scrape into the pan and bake for 55 to 65 minutes, until a skewer comes out clean.
        Cool in the pan for 10 minutes, then turn out onto a rack.
        """,
      art: art(
        breakfast, .board, .loaf("#a86c3c"),
        [
          .scores("#c99462"), .slices("#f1dc93", count: 3, size: 5),
          .dots("#6b4226", count: 5, size: 2.4),
        ])),
    Entry(
      title: "Green Morning Smoothie", prepMinutes: 5, cookMinutes: 0,
      servings: "2", collections: [breakfast], daysAgo: 4.2,
      ingredients: """
        1 cup baby spinach
        1 frozen banana
        1/2 cup frozen mango
        1/2 cup plain yogurt
        1 cup cold water or milk
        1 tablespoon honey (optional)
        """,
      directions: """
        Put everything in a blender, liquid first.
        Blend on high until smooth, about a minute, adding a splash more liquid if it is too thick.
        Pour into glasses and drink right away.
        """,
      art: art(
        breakfast, .glass, .liquid("#8dbf5f"),
        [.leaves("#3f7d3a", count: 3), .dots("#2d3a28", count: 6, size: 1.2)])),
    Entry(
      title: "Lemon Garlic Chicken Thighs", prepMinutes: 10, cookMinutes: 35,
      servings: "4", collections: [weeknight], isFavorite: true, daysAgo: 1.2,
      ingredients: """
        8 bone-in, skin-on chicken thighs
        Salt and pepper
        1 tablespoon olive oil
        6 cloves garlic, smashed
        1 lemon, thinly sliced
        4 sprigs thyme
        1/2 cup chicken stock
        """,
      directions: """
        Heat the oven to 425°F (220°C). Pat the chicken dry and season it well with salt and pepper.
        Brown the thighs skin side down in the oil in an ovenproof skillet over medium-high heat, about 8 minutes, without moving them.
        Turn the thighs, tuck the garlic, lemon slices and thyme around them, and pour in the stock.
        Roast for 25 minutes, until the juices run clear, and spoon the pan juices over the chicken to serve.
        """,
      art: art(
        weeknight, .skillet, .none,
        [
          .rounds("#cf8f45", count: 4), .slices(lemon, count: 3, size: 5),
          .leaves("#6f8f4e", count: 5),
        ])),
    Entry(
      title: "Cold Sesame Noodles with Cucumber", prepMinutes: 15, cookMinutes: 10,
      servings: "4", collections: [weeknight, salads], daysAgo: 6.4,
      ingredients: """
        12 oz wheat noodles
        3 tablespoons tahini or peanut butter
        2 tablespoons soy sauce
        1 tablespoon rice vinegar
        1 tablespoon toasted sesame oil
        1 teaspoon sugar
        1 teaspoon chili oil, or to taste
        1 cucumber, cut into matchsticks
        2 scallions, sliced
        1 tablespoon sesame seeds
        """,
      directions: """
        Cook the noodles as the package directs, then rinse them under cold water and drain well.
        Whisk the tahini, soy sauce, vinegar, sesame oil, sugar and chili oil with 2 tablespoons of warm water until smooth.
        Toss the noodles with the sauce, then top with the cucumber, scallions and sesame seeds.
        """,
      art: art(
        weeknight, .bowl(glaze: slate), .round("#e7c47f"),
        [
          .strands("#caa05a", count: 9), .slices("#93c46b", count: 4, size: 4.5),
          .dots(sesame, count: 12, size: 1),
        ])),
    Entry(
      title: "Black Bean Tacos with Pickled Onions", prepMinutes: 20, cookMinutes: 10,
      servings: "4 (8 tacos)", collections: [weeknight], daysAgo: 12.5,
      ingredients: """
        1 red onion, thinly sliced
        1/2 cup lime juice
        1/2 teaspoon salt
        2 cans (15 oz each) black beans, drained
        1 teaspoon ground cumin
        1 teaspoon smoked paprika
        8 small corn tortillas
        1 avocado, sliced
        Cilantro and crumbled cotija, to serve
        """,
      directions: """
        Toss the onion with the lime juice and salt and leave it to pickle while you cook, at least 15 minutes.
        Warm the beans with the cumin, paprika and a splash of water in a saucepan, mashing about half of them.
        Char the tortillas one at a time in a dry skillet or over a gas flame.
        Fill each tortilla with beans, avocado, pickled onions, cilantro and cheese.
        """,
      art: art(
        weeknight, .plate, .pair("#ecd096"),
        [
          .dots("#2d2a32", count: 14, size: 2.4), .strands("#c4457f", count: 4),
          .leaves(parsley, count: 5), .cubes("#a6c46a", count: 3, size: 4),
        ])),
    Entry(
      title: "Tomato Basil Spaghetti", prepMinutes: 10, cookMinutes: 20,
      servings: "4", collections: [weeknight], daysAgo: 16.3,
      ingredients: """
        1 lb spaghetti
        1/4 cup olive oil
        4 cloves garlic, thinly sliced
        Pinch of red pepper flakes
        2 pints cherry tomatoes, halved
        Salt
        A large handful of basil leaves
        Grated parmesan, to serve
        """,
      directions: """
        Bring a large pot of salted water to a boil and cook the spaghetti until just short of al dente.
        Meanwhile, warm the oil with the garlic and pepper flakes in a wide pan until the garlic sizzles, then add the tomatoes and a pinch of salt.
        Cook the tomatoes over medium-high heat, pressing some with a spoon, until they collapse into a sauce, about 10 minutes.
        Lift the pasta into the sauce with a cup of its cooking water and toss over the heat for 2 minutes, until glossy.
        Tear in the basil and serve with parmesan.
        """,
      art: art(
        weeknight, .plate, .round("#f0cf7e"),
        [
          .strands("#e3b65c", count: 10), .dots(tomato, count: 7, size: 3.6),
          .leaves("#3f8a3a", count: 4),
        ])),
    Entry(
      title: "Sheet Pan Sausage and Peppers", prepMinutes: 10, cookMinutes: 30,
      servings: "4", collections: [weeknight], daysAgo: 22.7,
      ingredients: """
        1 1/2 lb Italian sausages
        3 bell peppers of different colors, cut into strips
        1 large onion, cut into wedges
        2 tablespoons olive oil
        1 teaspoon dried oregano
        Salt and pepper
        """,
      directions: """
        Heat the oven to 425°F (220°C).
        Toss the peppers and onion with the oil, oregano, salt and pepper on a large sheet pan and spread them out.
        Nestle the sausages among the vegetables and roast for 25 to 30 minutes, turning the sausages once, until browned and cooked through.
        Serve with crusty rolls or over rice.
        """,
      art: art(
        weeknight, .tray, .none,
        [
          .strands("#d23a2a", count: 5), .strands("#f0bf2c", count: 4),
          .strands("#4f9a3a", count: 4), .cubes("#9a4b35", count: 6, size: 7),
        ])),
    Entry(
      title: "Coconut Chickpea Curry", prepMinutes: 10, cookMinutes: 25,
      servings: "4", collections: [weeknight, soups], isFavorite: true, daysAgo: 3.1,
      ingredients: """
        1 tablespoon coconut oil
        1 onion, chopped
        1 tablespoon grated ginger
        3 cloves garlic, minced
        2 tablespoons curry powder
        2 cans (15 oz each) chickpeas, drained
        1 can (14 oz) coconut milk
        1 can (14 oz) diced tomatoes
        2 big handfuls of spinach
        Juice of 1 lime
        Cooked rice, to serve
        """,
      directions: """
        Soften the onion in the oil over medium heat, about 6 minutes, then add the ginger, garlic and curry powder and stir for a minute.
        Add the chickpeas, coconut milk and tomatoes, bring to a simmer, and cook uncovered for 15 minutes.
        Stir in the spinach until it wilts, then add the lime juice and season with salt.
        Serve over rice.
        """,
      art: art(
        weeknight, .bowl(glaze: terracotta), .round("#e09b2d"),
        [
          .dots("#f1d592", count: 10, size: 3.4), .drizzle(cream),
          .leaves("#3f8a3a", count: 6),
        ])),
    Entry(
      title: "Crispy Tofu and Broccoli Stir-Fry", prepMinutes: 15, cookMinutes: 15,
      servings: "3", collections: [weeknight], daysAgo: 26.1,
      ingredients: """
        14 oz extra-firm tofu, pressed and cubed
        2 tablespoons cornstarch
        3 tablespoons neutral oil
        1 head broccoli, cut into small florets
        3 tablespoons soy sauce
        1 tablespoon honey
        1 tablespoon rice vinegar
        1 teaspoon grated ginger
        """,
      directions: """
        Toss the tofu with the cornstarch and fry it in 2 tablespoons of the oil in a large skillet over medium-high heat, turning, until crisp on all sides, about 10 minutes. Set aside.
        Add the remaining oil and the broccoli with a splash of water, cover, and cook for 3 minutes; then uncover and stir-fry until bright green and tender-crisp.
        Stir the soy sauce, honey, vinegar and ginger together, pour into the pan with the tofu, and toss until glazed.
        """,
      art: art(
        weeknight, .skillet, .none,
        [
          .dots("#3f7d32", count: 8, size: 5), .cubes("#ecc77e", count: 8, size: 6.5),
          .dots(sesame, count: 10, size: 1),
        ])),
    Entry(
      title: "Mushroom and Thyme Risotto", prepMinutes: 10, cookMinutes: 35,
      servings: "4", collections: [weeknight], daysAgo: 41.3,
      ingredients: """
        5 cups vegetable or chicken stock
        2 tablespoons butter
        1 tablespoon olive oil
        12 oz mixed mushrooms, sliced
        1 shallot, finely chopped
        1 1/2 cups arborio rice
        1/2 cup dry white wine
        1 teaspoon thyme leaves
        1/2 cup grated parmesan
        """,
      directions: """
        Keep the stock warm in a saucepan over low heat.
        Brown the mushrooms in half the butter and the oil in a wide pan, season them, and set them aside.
        Soften the shallot in the same pan, add the rice and stir for 2 minutes, then pour in the wine and let it bubble away.
        Add the stock a ladle at a time, stirring often and waiting until each addition is absorbed, for 18 to 20 minutes, until the rice is creamy but still has a little bite.
        Stir in the mushrooms, thyme, parmesan and the remaining butter, cover, and rest for 2 minutes before serving.
        """,
      art: art(
        weeknight, .bowl(glaze: sage), .round("#eee0bb"),
        [.slices("#946f50", count: 7, size: 5), .leaves("#6b8a4a", count: 6)])),
    Entry(
      title: "Roasted Tomato Soup", prepMinutes: 10, cookMinutes: 45,
      servings: "4", collections: [soups], isFavorite: true, daysAgo: 5.4,
      ingredients: """
        2 1/2 lb ripe tomatoes, halved
        1 onion, quartered
        4 cloves garlic, unpeeled
        3 tablespoons olive oil
        2 cups vegetable stock
        1 teaspoon sugar, if needed
        1/4 cup cream (optional)
        """,
      directions: """
        Heat the oven to 400°F (200°C). Spread the tomatoes, onion and garlic on a sheet pan, drizzle with the oil, season, and roast for 35 minutes, until soft and browned at the edges.
        Squeeze the garlic from its skins and tip everything into a pot with the stock.
        Simmer for 10 minutes, then blend until smooth. Taste, and add the sugar if the tomatoes were sharp.
        Serve with a swirl of cream.
        """,
      art: art(
        soups, .bowl(glaze: slate), .round(tomato),
        [.drizzle(cream), .leaves("#3f8a3a", count: 3)])),
    Entry(
      title: "Red Lentil Soup with Lemon", prepMinutes: 10, cookMinutes: 30,
      servings: "6", collections: [soups], daysAgo: 11.2,
      ingredients: """
        3 tablespoons olive oil
        1 onion, chopped
        2 carrots, diced
        2 cloves garlic, minced
        1 tablespoon tomato paste
        2 teaspoons ground cumin
        1 1/2 cups red lentils, rinsed
        6 cups vegetable stock
        Juice of 1 lemon
        """,
      directions: """
        Cook the onion and carrots in the oil over medium heat until softened, about 8 minutes.
        Stir in the garlic, tomato paste and cumin and cook for 2 minutes.
        Add the lentils and stock, bring to a boil, then simmer partly covered for 20 minutes, until the lentils fall apart.
        Blend about half the soup for body, then stir in the lemon juice and season to taste.
        """,
      art: art(
        soups, .bowl(glaze: sage), .round("#e88a3a"),
        [
          .drizzle(oliveOil), .slices(lemon, count: 2, size: 6),
          .leaves(parsley, count: 5),
        ])),
    Entry(
      title: "Chicken and Rice Soup", prepMinutes: 15, cookMinutes: 40,
      servings: "6", collections: [soups], daysAgo: 27.4,
      ingredients: """
        2 tablespoons butter
        1 onion, diced
        2 carrots, sliced
        2 celery stalks, sliced
        8 cups chicken stock
        1 lb boneless chicken thighs
        3/4 cup long-grain rice
        2 bay leaves
        Chopped parsley and lemon wedges, to serve
        """,
      directions: """
        Melt the butter in a large pot and soften the onion, carrots and celery for 8 minutes.
        Add the stock, chicken and bay leaves, bring to a simmer, and poach the chicken for 20 minutes.
        Lift out the chicken, add the rice to the pot, and simmer for 15 minutes, until tender.
        Shred the chicken, return it to the pot, and season. Serve with parsley and lemon.
        """,
      art: art(
        soups, .bowl(glaze: "#5d88a8"), .round("#ecd08e"),
        [
          .slices(carrot, count: 6, size: 4), .cubes("#f4ead2", count: 5, size: 5),
          .dots("#faf6ea", count: 10, size: 1.6), .leaves(parsley, count: 5),
        ])),
    Entry(
      title: "Beef and Barley Stew", prepMinutes: 20, cookMinutes: 120,
      servings: "6", collections: [soups], daysAgo: 44.1,
      ingredients: """
        2 lb beef chuck, cut into 1 1/2-inch pieces
        2 tablespoons flour
        3 tablespoons oil
        1 onion, chopped
        3 carrots, cut into chunks
        2 celery stalks, sliced
        2 tablespoons tomato paste
        8 cups beef stock
        3/4 cup pearl barley
        2 sprigs rosemary
        """,
      directions: """
        Toss the beef with the flour, salt and pepper, and brown it in batches in the oil in a heavy pot. Set aside.
        Cook the onion, carrots and celery in the same pot for 5 minutes, then stir in the tomato paste.
        Return the beef with the stock and rosemary, cover, and simmer gently for 1 hour 15 minutes.
        Add the barley and simmer for 40 minutes more, until the beef is tender and the barley is cooked. Season before serving.
        """,
      art: art(
        soups, .bowl(glaze: terracotta), .round("#7a4a30"),
        [
          .cubes("#5a3320", count: 6, size: 7), .slices(carrot, count: 5, size: 4.5),
          .dots("#dcc48f", count: 12, size: 1.8), .leaves("#6b8a4a", count: 3),
        ])),
    Entry(
      title: "White Bean and Kale Soup", prepMinutes: 10, cookMinutes: 30,
      servings: "4", collections: [soups], daysAgo: 8.2,
      ingredients: """
        3 tablespoons olive oil
        1 onion, chopped
        2 carrots, diced
        4 cloves garlic, sliced
        2 cans (15 oz each) cannellini beans, drained
        6 cups vegetable stock
        1 parmesan rind (optional)
        1 bunch lacinato kale, stems removed, leaves torn
        """,
      directions: """
        Soften the onion and carrots in the oil for 8 minutes, then add the garlic for a minute more.
        Add the beans, stock and parmesan rind and simmer for 15 minutes, mashing some of the beans against the side of the pot to thicken the broth.
        Stir in the kale and cook for 5 minutes, until tender. Remove the rind and season with salt and pepper.
        """,
      art: art(
        soups, .bowl(glaze: sand), .round("#efe0bd"),
        [
          .dots("#fbf6e8", count: 9, size: 3.4), .leaves("#2f5d34", count: 9),
          .slices(carrot, count: 3, size: 3.5), .drizzle(oliveOil),
        ])),
    Entry(
      title: "Miso Soup with Tofu and Greens", prepMinutes: 5, cookMinutes: 10,
      servings: "4", collections: [soups], daysAgo: 14.3,
      ingredients: """
        4 cups dashi or vegetable stock
        3 tablespoons white miso
        7 oz silken tofu, cubed
        2 handfuls baby spinach or bok choy
        1 tablespoon dried wakame, soaked
        2 scallions, thinly sliced
        """,
      directions: """
        Heat the stock until steaming but not boiling.
        Whisk the miso with a ladle of the stock in a small bowl until smooth, then stir it back into the pot.
        Add the tofu, greens and wakame and warm through for 2 minutes; once the miso is in, don't let the soup boil.
        Serve topped with the scallions.
        """,
      art: art(
        soups, .bowl(glaze: ink), .round("#d8b878"),
        [
          .cubes("#fbf6e6", count: 6, size: 6), .leaves("#2e5a2e", count: 5),
          .slices("#7fb85a", count: 6, size: 2.6),
        ])),
    Entry(
      title: "Crunchy Cabbage Slaw with Lime", prepMinutes: 15, cookMinutes: 0,
      servings: "6", collections: [salads], daysAgo: 18.2,
      ingredients: """
        1/2 small red cabbage, finely shredded
        1/4 green cabbage, finely shredded
        2 carrots, grated
        3 scallions, sliced
        Juice of 2 limes
        2 tablespoons olive oil
        1 teaspoon honey
        1/2 cup roasted peanuts, chopped
        A handful of cilantro
        """,
      directions: """
        Whisk the lime juice, oil, honey and a good pinch of salt in a large bowl.
        Add the cabbages, carrots and scallions and toss well, then leave for 10 minutes to soften slightly.
        Scatter with the peanuts and cilantro just before serving.
        """,
      art: art(
        salads, .bowl(glaze: "#f2f0ea"), .round("#e9efd8"),
        [
          .strands("#8e4a8a", count: 10), .strands("#a7cf73", count: 7),
          .strands(carrot, count: 5), .dots("#c99a5b", count: 5, size: 2.4),
        ])),
    Entry(
      title: "Watermelon, Feta and Mint Salad", prepMinutes: 10, cookMinutes: 0,
      servings: "4", collections: [salads], isFavorite: true, daysAgo: 7.3,
      ingredients: """
        4 cups cubed watermelon
        1 cup crumbled feta
        1/2 small red onion, very thinly sliced
        A handful of mint leaves
        1 tablespoon lime juice
        1 tablespoon olive oil
        Flaky salt and black pepper
        """,
      directions: """
        Arrange the watermelon on a platter and scatter the feta and onion over it.
        Drizzle with the lime juice and olive oil.
        Finish with torn mint, flaky salt and a grind of pepper, and serve cold.
        """,
      art: art(
        salads, .plate, .none,
        [
          .cubes("#ec5f6e", count: 10, size: 8), .cubes(feta, count: 6, size: 4.5),
          .leaves("#3f9a4f", count: 6),
        ])),
    Entry(
      title: "Lemony Farro Salad with Herbs", prepMinutes: 15, cookMinutes: 30,
      servings: "4", collections: [salads], daysAgo: 24.5,
      ingredients: """
        1 1/2 cups farro
        1 cucumber, diced
        1 pint cherry tomatoes, halved
        1/2 cup chopped parsley
        1/4 cup chopped mint
        Zest and juice of 1 lemon
        1/4 cup olive oil
        Salt and pepper
        """,
      directions: """
        Simmer the farro in plenty of salted water for 25 to 30 minutes, until chewy but tender, then drain and spread it out to cool.
        Whisk the lemon zest and juice and the oil with salt and pepper.
        Toss the farro with the dressing, cucumber, tomatoes and herbs. It keeps well in the fridge for a day.
        """,
      art: art(
        salads, .bowl(glaze: "#5d88a8"), .round("#c8a36a"),
        [
          .dots("#b8925a", count: 16, size: 1.8), .dots(tomato, count: 6, size: 3.6),
          .cubes("#a6cf7f", count: 5, size: 4.5), .leaves(parsley, count: 7),
        ])),
    Entry(
      title: "Roasted Sweet Potato Grain Bowl", prepMinutes: 15, cookMinutes: 30,
      servings: "4", collections: [salads, weeknight], daysAgo: 10.4,
      ingredients: """
        2 sweet potatoes, cut into cubes
        2 tablespoons olive oil
        1 teaspoon smoked paprika
        2 cups cooked quinoa or brown rice
        2 cups baby greens
        1 can (15 oz) chickpeas, drained and roasted
        1 avocado, sliced
        3 tablespoons tahini
        Juice of 1 lemon
        1 small clove garlic, grated
        """,
      directions: """
        Heat the oven to 425°F (220°C). Toss the sweet potatoes with the oil, paprika and salt and roast for 25 to 30 minutes, turning once.
        Whisk the tahini, lemon juice and garlic, adding water a spoonful at a time until pourable, and season with salt.
        Divide the grains and greens among bowls, top with the sweet potatoes, chickpeas and avocado, and drizzle with the dressing.
        """,
      art: art(
        salads, .bowl(glaze: sand), .round("#e8dcc0"),
        [
          .leaves("#4e8d3e", count: 8), .cubes("#e7823a", count: 7, size: 6.5),
          .dots("#d9b56a", count: 6, size: 3), .drizzle("#f3e7cc"),
        ])),
    Entry(
      title: "Village Greek Salad", prepMinutes: 15, cookMinutes: 0,
      servings: "4", collections: [salads], daysAgo: 33.2,
      ingredients: """
        4 ripe tomatoes, cut into wedges
        1 cucumber, thickly sliced
        1 green bell pepper, sliced into rings
        1/2 red onion, sliced
        1/2 cup Kalamata olives
        1 block (7 oz) feta
        1 teaspoon dried oregano
        1/4 cup extra-virgin olive oil
        1 tablespoon red wine vinegar
        """,
      directions: """
        Combine the tomatoes, cucumber, pepper, onion and olives in a shallow bowl and season lightly with salt.
        Lay the feta on top in one piece and sprinkle everything with the oregano.
        Drizzle with the oil and vinegar, and serve with bread to mop up the juices.
        """,
      art: art(
        salads, .bowl(glaze: "#f2f0ea"), .none,
        [
          .slices(tomato, count: 6, size: 6), .slices("#9fcf7a", count: 5, size: 5.5),
          .dots("#3b2a3a", count: 6, size: 2.8), .cubes(feta, count: 1, size: 14),
          .leaves("#6b8a4a", count: 4),
        ])),
    Entry(
      title: "No-Knead Country Loaf", prepMinutes: 20, cookMinutes: 45,
      servings: "1 loaf", collections: [baking], daysAgo: 36.5,
      ingredients: """
        3 cups bread flour
        1 1/2 teaspoons salt
        1/4 teaspoon instant yeast
        1 1/2 cups warm water
        """,
      directions: """
        Stir the flour, salt, yeast and water in a bowl until shaggy, cover, and leave at room temperature for 12 to 18 hours, until bubbly and doubled.
        Turn the dough onto a floured surface, fold it over itself a few times into a ball, and let it rise on parchment for 1 to 2 hours.
        Heat the oven to 450°F (230°C) with a lidded Dutch oven inside for 30 minutes.
        Lower the dough into the hot pot on its parchment, cover, and bake for 30 minutes; then uncover and bake 10 to 15 minutes more, until deep brown.
        Cool for at least an hour before slicing.
        """,
      art: art(
        baking, .board, .loaf("#c4843f"),
        [.scores("#ecc98c"), .dots("#f6ecd9", count: 12, size: 1.1)])),
    Entry(
      title: "Cheddar and Chive Biscuits", prepMinutes: 15, cookMinutes: 15,
      servings: "10 biscuits", collections: [baking], daysAgo: 21.3,
      ingredients: """
        2 cups all-purpose flour
        1 tablespoon baking powder
        1 teaspoon sugar
        3/4 teaspoon salt
        1/2 cup cold butter, cubed
        1 cup grated sharp cheddar
        3 tablespoons chopped chives
        3/4 cup cold buttermilk
        """,
      directions: """
        Heat the oven to 425°F (220°C) and line a baking sheet.
        Whisk the flour, baking powder, sugar and salt, then rub in the butter with your fingertips until the largest pieces are the size of peas.
        Stir in the cheddar and chives, then the buttermilk, just until a rough dough forms.
        Pat the dough 1 inch thick, cut it into rounds, and bake for 13 to 15 minutes, until tall and golden.
        """,
      art: art(
        baking, .plate, .none,
        [
          .rounds("#e4b563", count: 5), .dots("#f08a1c", count: 9, size: 1.6),
          .leaves("#3f8a3a", count: 6),
        ])),
    Entry(
      title: "Rosemary Focaccia", prepMinutes: 20, cookMinutes: 25,
      servings: "12 pieces", collections: [baking], daysAgo: 29.4,
      ingredients: """
        4 cups all-purpose flour
        2 teaspoons salt
        2 teaspoons instant yeast
        2 cups warm water
        1/2 cup olive oil, divided
        2 sprigs rosemary, leaves picked
        Flaky salt
        """,
      directions: """
        Mix the flour, salt, yeast and water into a sticky dough, cover, and refrigerate for 12 to 24 hours.
        Pour half the oil into a 9-by-13-inch pan, turn the dough into it, and let it rise somewhere warm for 2 to 3 hours, until puffy.
        Heat the oven to 450°F (230°C). Drizzle the rest of the oil over the dough and press deep dimples all over it with oiled fingers.
        Scatter with rosemary and flaky salt and bake for 20 to 25 minutes, until golden and crisp at the edges.
        """,
      art: art(
        baking, .tray, .slab("#e0b466"),
        [
          .dots("#c9953f", count: 14, size: 2.6), .leaves("#4d7a3e", count: 9),
          .dots("#ffffff", count: 10, size: 1),
        ])),
    Entry(
      title: "Blueberry Lemon Muffins", prepMinutes: 15, cookMinutes: 22,
      servings: "12 muffins", collections: [baking, breakfast], daysAgo: 13.2,
      ingredients: """
        2 cups all-purpose flour
        3/4 cup sugar
        2 teaspoons baking powder
        1/2 teaspoon salt
        Zest of 1 lemon
        1 cup milk
        1/3 cup neutral oil
        1 egg
        1 1/2 cups blueberries
        """,
      directions: """
        Heat the oven to 400°F (200°C) and line a 12-cup muffin tin.
        Rub the lemon zest into the sugar, then whisk in the flour, baking powder and salt.
        Whisk the milk, oil and egg, stir them into the dry ingredients until barely combined, then fold in the blueberries.
        Fill the cups almost to the top and bake for 20 to 22 minutes, until a skewer comes out clean.
        """,
      art: art(
        baking, .plate, .none,
        [.rounds("#d9a45a", count: 4), .dots(blueberry, count: 12, size: 2.2)])),
    Entry(
      title: "Fudgy Dark Chocolate Brownies", prepMinutes: 15, cookMinutes: 28,
      servings: "16 squares", collections: [baking, desserts], isFavorite: true, daysAgo: 19.5,
      ingredients: """
        1/2 cup butter
        6 oz dark chocolate, chopped
        1 cup sugar
        2 eggs
        1 teaspoon vanilla extract
        1/2 cup all-purpose flour
        2 tablespoons cocoa powder
        1/4 teaspoon salt
        """,
      directions: """
        Heat the oven to 350°F (175°C) and line an 8-inch square pan with parchment.
        Melt the butter and chocolate together over low heat, take them off the heat, and whisk in the sugar.
        Beat in the eggs one at a time, then the vanilla, until glossy.
        Fold in the flour, cocoa and salt, spread in the pan, and bake for 25 to 28 minutes, until the top is set but the center is still soft.
        Cool completely before cutting into squares.
        """,
      art: art(
        baking, .tray, .slab("#4b2e22"),
        [.dots("#6a4432", count: 10, size: 2), .grid("#2a1810")])),
    Entry(
      title: "Apple Oat Crumble", prepMinutes: 20, cookMinutes: 40,
      servings: "6", collections: [desserts], daysAgo: 34.3,
      ingredients: """
        6 apples, peeled and sliced
        2 tablespoons sugar
        1 tablespoon lemon juice
        1 teaspoon cinnamon
        3/4 cup flour
        3/4 cup rolled oats
        1/2 cup brown sugar
        1/2 cup cold butter, cubed
        """,
      directions: """
        Heat the oven to 375°F (190°C).
        Toss the apples with the sugar, lemon juice and cinnamon and spread them in a baking dish.
        Rub the flour, oats, brown sugar and butter together until clumpy, and scatter the mixture over the fruit.
        Bake for 35 to 40 minutes, until the topping is golden and the fruit bubbles at the edges. Serve warm.
        """,
      art: art(
        desserts, .bowl(glaze: terracotta), .round("#e6bf67"),
        [
          .dots("#c98f4a", count: 22, size: 3), .dots("#f0d9a6", count: 12, size: 2),
          .drizzle(cream),
        ])),
    Entry(
      title: "Lemon Yogurt Cake", prepMinutes: 15, cookMinutes: 50,
      servings: "8", collections: [desserts], daysAgo: 0.4,
      ingredients: """
        1 1/2 cups all-purpose flour
        2 teaspoons baking powder
        1/4 teaspoon salt
        1 cup plain whole-milk yogurt
        1 cup sugar
        3 eggs
        Zest of 2 lemons
        1/2 cup neutral oil
        1 cup powdered sugar
        2 tablespoons lemon juice
        """,
      directions: """
        Heat the oven to 350°F (175°C) and grease a loaf pan.
        Whisk the yogurt, sugar, eggs and lemon zest until smooth, then whisk in the flour, baking powder and salt.
        Fold in the oil until it is fully absorbed, pour the batter into the pan, and bake for 45 to 50 minutes, until a skewer comes out clean.
        Stir the powdered sugar and lemon juice into a glaze. Cool the cake for 10 minutes, turn it out, and pour the glaze over while it is still warm.
        """,
      art: art(
        desserts, .plate, .wedge("#f5dc8e"),
        [.drizzle("#fffbef"), .slices(lemon, count: 1, size: 6)])),
    Entry(
      title: "Chewy Peanut Butter Oat Cookies", prepMinutes: 15, cookMinutes: 12,
      servings: "24 cookies", collections: [desserts, baking], daysAgo: 15.4,
      ingredients: """
        1/2 cup butter, softened
        1/2 cup smooth peanut butter
        3/4 cup brown sugar
        1 egg
        1 teaspoon vanilla extract
        1 cup all-purpose flour
        1 cup rolled oats
        1/2 teaspoon baking soda
        1/4 teaspoon salt
        1/2 cup chocolate chips
        """,
      directions: """
        Heat the oven to 350°F (175°C) and line two baking sheets.
        Beat the butter, peanut butter and brown sugar until creamy, then beat in the egg and vanilla.
        Stir in the flour, oats, baking soda and salt, then the chocolate chips.
        Roll into walnut-sized balls, space them well apart, flatten slightly, and bake for 10 to 12 minutes, until just golden at the edges.
        Cool on the sheets for 5 minutes before moving them.
        """,
      art: art(
        desserts, .plate, .none,
        [.rounds("#c98f4a", count: 5), .dots("#3b2318", count: 14, size: 1.8)])),
  ]
}
