import type { ZipLookup } from '../../core/lookup/zip-lookup';
import { bundledZipLookup } from './bundled-zip-lookup';
import { httpZipLookup } from './http-zip-lookup';

/** ZIP_LOOKUP_URL set: that public ZIP service; unset: the bundled US ZIP dataset (local runtime, tests, default). */
export function zipLookup(): ZipLookup {
  const url = process.env.ZIP_LOOKUP_URL;
  return url ? httpZipLookup(url) : bundledZipLookup;
}
