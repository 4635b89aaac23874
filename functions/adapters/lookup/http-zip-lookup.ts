import { toZipPlace, type ZipLookup } from '../../core/lookup/zip-lookup';
import { UpstreamError } from '../../lib/errors';

const TIMEOUT_MS = 4_000;

type ZipServiceAnswer = { places?: { 'place name'?: unknown; 'state abbreviation'?: unknown }[] };

/**
 * A public ZIP service answering GET <base>/us/{zip} with `places[0]['place name']` and `['state abbreviation']`
 * (spec part 3 "Lookups", decision 009). 404 means unknown; anything else that fails is the service's fault (502).
 */
export function httpZipLookup(baseUrl: string, fetchImpl: typeof fetch = fetch): ZipLookup {
  const base = baseUrl.replace(/\/$/, '');
  return {
    async lookup(zip) {
      let res: Response;
      try {
        res = await fetchImpl(`${base}/us/${zip}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch {
        throw new UpstreamError('upstream_failed', 'zip_lookup_unavailable', 'Could not reach the ZIP code service');
      }
      if (res.status === 404) return null;
      if (!res.ok)
        throw new UpstreamError('upstream_failed', 'zip_lookup_unavailable', 'Could not reach the ZIP code service');
      const body = (await res.json().catch(() => null)) as ZipServiceAnswer | null;
      const place = body?.places?.[0];
      return place ? toZipPlace(zip, place['place name'], place['state abbreviation']) : null;
    },
  };
}
