import type { ProductLookup } from '../../core/lookup/product-lookup';
import { secrets } from '../secrets';
import { upcItemDbLookup } from './upcitemdb-product-lookup';

/** The public UPCitemdb API unless PRODUCT_LOOKUP_URL points elsewhere (the local stand-in, tests). */
export const DEFAULT_PRODUCT_LOOKUP_URL = 'https://api.upcitemdb.com';

/** With the UPC service key an administrator saved, else the deployment's UPCITEMDB_USER_KEY, else the free trial. */
export function productLookup(): ProductLookup {
  return upcItemDbLookup(process.env.PRODUCT_LOOKUP_URL || DEFAULT_PRODUCT_LOOKUP_URL, () =>
    secrets.find('upcServiceKey'),
  );
}
