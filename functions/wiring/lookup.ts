import { productLookup } from '../adapters/lookup/product-lookup';
import { zipLookup } from '../adapters/lookup/zip-lookup';

export function lookupZipDeps() {
  return { zips: zipLookup() };
}

export function lookupProductsDeps() {
  return { products: productLookup() };
}
