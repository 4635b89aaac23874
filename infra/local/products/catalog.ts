import { CATALOG_DATA } from './catalog-data';

/** A product of the stand-in's catalogue, in UPCitemdb's item shape. */
export interface CatalogItem {
  ean: string;
  upc: string;
  title: string;
  description: string;
  brand: string;
  model: string;
  category: string;
  weight: string;
  dimension: string;
  /** How many photos the stand-in serves for it (1 to 3). */
  imageCount: number;
  /** What its photos draw. */
  listingCategory: string;
  subcategory: string;
}

/** UPC-A check digit of 11 digits: odd positions count three times. */
export function upcCheckDigit(eleven: string): number {
  const sum = [...eleven].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

export function isValidUpcA(code: string): boolean {
  return /^\d{12}$/.test(code) && upcCheckDigit(code.slice(0, 11)) === Number(code[11]);
}

export const CATALOG: readonly CatalogItem[] = CATALOG_DATA.flatMap((group, g) =>
  group.items.split(';').map((entry, i) => {
    const [brand = '', title = '', model = ''] = entry.split('|').map((s) => s.trim());
    const eleven = `86${String(g).padStart(4, '0')}${String(i).padStart(5, '0')}`;
    const upc = `${eleven}${upcCheckDigit(eleven)}`;
    return {
      upc,
      ean: `0${upc}`,
      title,
      brand,
      model,
      description: `${title}. Made by ${brand}, model ${model}. ${group.subcategory} in the ${group.category} range.`,
      category: group.path,
      weight: group.weight,
      dimension: group.dimension,
      imageCount: 1 + ((g + i) % 3),
      listingCategory: group.category,
      subcategory: group.subcategory,
    };
  }),
);
