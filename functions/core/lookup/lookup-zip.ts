import { NotFoundError } from '../../lib/errors';
import type { ZipLookup, ZipPlace } from './zip-lookup';

/** The city and state of a US ZIP code, for the sell wizard; an unknown one is not found. */
export async function lookupZip(zip: string, deps: { zips: ZipLookup }): Promise<ZipPlace> {
  const place = await deps.zips.lookup(zip);
  if (!place) throw new NotFoundError('ZIP code not found');
  return place;
}
