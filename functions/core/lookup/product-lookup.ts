import type { ProductLookupResult } from '../../../shared/api/lookup';
import { LOOKUP_PHOTO_MAX_COUNT } from '../../../shared/api/listings';
import { LISTING_CATEGORIES, LISTING_CATEGORY_NAMES, type ListingCategory } from '../../../shared/domain/categories';

/** A product as a UPC service gives it (UPCitemdb's item fields; other services map to these). */
export interface ServiceProduct {
  title: string;
  description?: string;
  brand?: string;
  model?: string;
  upc?: string;
  ean?: string;
  category?: string;
  weight?: string;
  dimension?: string;
  images?: string[];
}

/** The product lookup port: a UPC service. */
export interface ProductLookup {
  byCode(code: string): Promise<ServiceProduct[]>;
  search(text: string): Promise<ServiceProduct[]>;
}

const GRAMS_PER_POUND = 453.59237;
const WEIGHT_UNITS: Record<string, number> = {
  lb: 1,
  lbs: 1,
  pound: 1,
  pounds: 1,
  oz: 1 / 16,
  ounce: 1 / 16,
  ounces: 1 / 16,
  g: 1 / GRAMS_PER_POUND,
  gram: 1 / GRAMS_PER_POUND,
  grams: 1 / GRAMS_PER_POUND,
  kg: 1000 / GRAMS_PER_POUND,
  kgs: 1000 / GRAMS_PER_POUND,
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** "4.2 lbs", "510 g", "12 oz" -> pounds (two decimals); null when it can't be read. */
export function parseWeightLbs(text: string | undefined): number | null {
  const m = /^\s*([\d.]+)\s*([a-z]+)\.?\s*$/i.exec(text ?? '');
  const factor = m ? WEIGHT_UNITS[m[2]!.toLowerCase()] : undefined;
  const value = m ? Number(m[1]) : Number.NaN;
  if (!factor || !(value > 0)) return null;
  const lbs = round2(value * factor);
  return lbs > 0 ? lbs : null;
}

/** "14.1 X 9.7 X 0.6 inches" or "30 x 20 x 5 cm" -> inches; null when it can't be read. */
export function parseDimensions(text: string | undefined) {
  const m = /^\s*([\d.]+)\s*x\s*([\d.]+)\s*x\s*([\d.]+)\s*(in|inch|inches|cm|mm)?\.?\s*$/i.exec(text ?? '');
  if (!m) return null;
  const unit = (m[4] ?? 'in').toLowerCase();
  const factor = unit === 'cm' ? 1 / 2.54 : unit === 'mm' ? 1 / 25.4 : 1;
  const [length, width, height] = [m[1], m[2], m[3]].map((v) => round2(Number(v) * factor));
  if (![length, width, height].every((v) => v! > 0)) return null;
  return { length: length!, width: width!, height: height! };
}

/** Words of a service's category segment that point at one of our categories. */
const KEYWORDS: [RegExp, ListingCategory][] = [
  // Specific phrases first: they would otherwise hit a broader word below.
  [/smart speaker|smart home|smart watch|wearable/i, 'Electronics'],
  [/graphics tablet|drawing/i, 'Art & Crafts'],
  [/comic/i, 'Collectibles'],
  [/printer|scanner|point of sale/i, 'Business & Office'],
  [/baby|toddler|nursery|toy/i, 'Baby & Kids'],
  [/video game|game console|console/i, 'Gaming'],
  [/apparel|clothing|outerwear|dress|shoe|sneaker|boot|jewelry|necklace|watch|handbag|wallet/i, 'Fashion'],
  [/turntable|record player|headphone|speaker|audio|musical|guitar|piano/i, 'Audio & Music'],
  [/camera|optic|photograph|drone/i, 'Photography'],
  [/cell phone|computer|tablet|smart home|wearable|electronic/i, 'Electronics'],
  [/vehicle|motor|automotive|tire/i, 'Automotive'],
  [/furniture|kitchen|household|garden|decor|lamp|home/i, 'Home & Garden'],
  [/sporting|fitness|exercise|outdoor recreation|cycling|camping/i, 'Sports & Fitness'],
  [/collectible|trading card/i, 'Collectibles'],
  [/media|book|vinyl|dvd|video|magazine/i, 'Books & Media'],
  [/artwork|painting|art print|poster|sculpture|arts & crafts|craft/i, 'Art & Crafts'],
  [/pet|animal|fish/i, 'Pet Supplies'],
  [/hardware|tool/i, 'Tools & Hardware'],
  [/office|business/i, 'Business & Office'],
];

/**
 * Our category for a service's category path ("Electronics > Computers > Laptops"). The deepest segment that says
 * something decides: one of our subcategory names, else a telling word, else one of our category names.
 */
export function listingCategoryOf(path: string | undefined): ListingCategory | null {
  if (!path) return null;
  const segments = path
    .split('>')
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  for (const segment of segments) {
    const lower = segment.toLowerCase();
    const bySub = LISTING_CATEGORY_NAMES.find((c) =>
      (LISTING_CATEGORIES[c] as readonly string[]).some((s) => s.toLowerCase() === lower),
    );
    if (bySub) return bySub;
    const byWord = KEYWORDS.find(([re]) => re.test(segment))?.[1];
    if (byWord) return byWord;
    const byName = LISTING_CATEGORY_NAMES.find((c) => c.toLowerCase() === lower);
    if (byName) return byName;
  }
  return null;
}

const orNull = (s: string | undefined) => (s && s.trim() ? s.trim() : null);

export function toLookupResult(p: ServiceProduct): ProductLookupResult {
  const images = [...new Set((p.images ?? []).filter((u) => /^https?:\/\//i.test(u)))].slice(0, LOOKUP_PHOTO_MAX_COUNT);
  return {
    productName: p.title.trim(),
    brand: orNull(p.brand),
    model: orNull(p.model),
    category: orNull(p.category),
    listingCategory: listingCategoryOf(p.category),
    description: orNull(p.description),
    barcodeNumber: orNull(p.upc) ?? orNull(p.ean),
    weightLbs: parseWeightLbs(p.weight),
    dimensions: parseDimensions(p.dimension),
    images,
  };
}
