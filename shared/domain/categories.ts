/**
 * Category constants from the spec. Listing categories (15) are what a seller may choose; the header bar shows 7 of them;
 * the marketplace dropdown offers 24 names (a listing can only carry one of the 15, the rest simply match nothing).
 */
export const LISTING_CATEGORIES = {
  Electronics: ['Smartphones', 'Tablets', 'Laptops', 'Desktop PCs', 'Smart Home', 'Wearables'],
  Automotive: ['Car Parts', 'Motorcycles', 'Tires & Wheels', 'Car Audio', 'Tools', 'Maintenance'],
  Fashion: ["Men's Clothing", "Women's Clothing", 'Shoes', 'Accessories', 'Watches', 'Jewelry'],
  'Home & Garden': ['Furniture', 'Appliances', 'Kitchen', 'Garden Tools', 'Decor', 'Storage'],
  Gaming: ['Consoles', 'Games', 'PC Gaming', 'Retro Gaming'],
  'Audio & Music': ['Headphones', 'Speakers', 'Turntables', 'Musical Instruments', 'Pro Audio'],
  Photography: ['Cameras', 'Lenses', 'Drones', 'Lighting', 'Accessories'],
  'Sports & Fitness': ['Exercise Equipment', 'Cycling', 'Outdoor & Camping', 'Team Sports', 'Water Sports'],
  Collectibles: ['Trading Cards', 'Comics', 'Memorabilia', 'Vintage Items'],
  'Books & Media': ['Books', 'Vinyl Records', 'Movies', 'Magazines'],
  'Baby & Kids': ['Baby Gear', 'Toys', 'Clothing', 'Furniture'],
  'Art & Crafts': ['Paintings', 'Prints', 'Sculpture', 'Craft Supplies', 'Digital Art'],
  'Pet Supplies': ['Dog Supplies', 'Cat Supplies', 'Aquarium', 'Small Animals'],
  'Tools & Hardware': ['Power Tools', 'Hand Tools', 'Hardware', 'Workshop Equipment'],
  'Business & Office': ['Office Furniture', 'Office Supplies', 'Printers & Scanners', 'Point of Sale'],
} as const satisfies Record<string, readonly string[]>;

export type ListingCategory = keyof typeof LISTING_CATEGORIES;
export const LISTING_CATEGORY_NAMES = Object.keys(LISTING_CATEGORIES) as [ListingCategory, ...ListingCategory[]];

/** The header category bar, in its order (spec part 1 entities). */
export const HEADER_CATEGORIES: readonly { name: ListingCategory; subcategories: readonly string[] }[] = (
  ['Electronics', 'Automotive', 'Fashion', 'Home & Garden', 'Gaming', 'Baby & Kids', 'Collectibles'] as const
).map((name) => ({ name, subcategories: LISTING_CATEGORIES[name] }));

/** The marketplace category dropdown (spec part 1 "Marketplace page"): 'all' plus 23 names. */
export const MARKETPLACE_CATEGORY_OPTIONS = [
  'all',
  'Electronics',
  'Automotive',
  'Car Parts',
  'Fashion',
  'Home & Garden',
  'Furniture',
  'Tools & Hardware',
  'Gaming',
  'Audio & Music',
  'Photography',
  'Sports & Fitness',
  'Collectibles',
  'Books & Media',
  'Baby & Kids',
  'Art & Crafts',
  'Musical Instruments',
  'Pet Supplies',
  'Business & Office',
  'Beauty & Health',
  'Jewelry',
  'Watches',
  'Antiques',
  'Coins & Currency',
] as const;
export type MarketplaceCategory = (typeof MARKETPLACE_CATEGORY_OPTIONS)[number];

/** A URL category is honoured only when it is one of the dropdown's names (compared case-insensitively). */
export function parseMarketplaceCategory(
  value: string | null | undefined,
): Exclude<MarketplaceCategory, 'all'> | undefined {
  if (!value) return undefined;
  const wanted = value.trim().toLowerCase();
  return MARKETPLACE_CATEGORY_OPTIONS.find((c) => c !== 'all' && c.toLowerCase() === wanted) as
    Exclude<MarketplaceCategory, 'all'> | undefined;
}

/** Home page popular tiles (spec part 1 "Home page"). */
export const HOME_POPULAR_CATEGORIES = ['Digital Art', 'Electronics', 'Fashion', 'Gaming'] as const;
