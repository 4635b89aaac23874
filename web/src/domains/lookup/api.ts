import * as contracts from '../../../../shared/api/lookup';
import { apiGet } from '../../lib/api';

/** The sell wizard's lookups (spec part 3 "Location prefill" and "Lookups"; decision 009). */

/** City and state of a 5-digit ZIP code (404: unknown ZIP). */
export function lookupZip(token: string, zip: string) {
  return apiGet(contracts.lookupZip, { params: { zip }, token });
}

/** Products matching a name or UPC (none: no items). */
export function lookupProducts(token: string, q: string, signal?: AbortSignal) {
  return apiGet(contracts.lookupProducts, { query: { q }, token, signal });
}
