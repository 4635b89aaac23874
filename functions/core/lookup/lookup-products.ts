import { PRODUCT_LOOKUP_MAX_RESULTS, type ProductLookupResult } from '../../../shared/api/lookup';
import { toLookupResult, type ProductLookup } from './product-lookup';

/** A UPC (8 to 14 digits) is looked up by code; anything else is searched by name. */
export async function lookupProducts(q: string, port: ProductLookup): Promise<ProductLookupResult[]> {
  const text = q.trim();
  const products = /^\d{8,14}$/.test(text) ? await port.byCode(text) : await port.search(text);
  return products
    .filter((p) => p.title?.trim())
    .slice(0, PRODUCT_LOOKUP_MAX_RESULTS)
    .map(toLookupResult);
}
