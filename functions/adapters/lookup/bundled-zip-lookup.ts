import zipcodes from 'zipcodes';
import { toZipPlace, type ZipLookup } from '../../core/lookup/zip-lookup';

/**
 * US ZIP codes from the `zipcodes` package's bundled dataset (offline; the package also holds Canadian postal codes,
 * which a 5-digit US ZIP never matches).
 */
export const bundledZipLookup: ZipLookup = {
  async lookup(zip) {
    const found = zipcodes.lookup(zip);
    if (!found || found.country !== 'US') return null;
    return toZipPlace(zip, found.city, found.state);
  },
};
