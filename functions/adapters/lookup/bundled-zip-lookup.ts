import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { toZipPlace, type ZipLookup } from '../../core/lookup/zip-lookup';

/**
 * US ZIP codes from the `zipcodes` package's dataset (offline). Bundled as a JS object literal it was 5 MB of the
 * function's code, compiled at every cold start; the function gets it as a text file next to its bundle instead
 * (written at bundle time by infra/stacks/node-function.ts), read on the first lookup.
 */
export const ZIP_PLACES_FILE = 'zip-places.tsv';

type ZipCodes = Record<string, { zip: string; city: string; state: string; country: string }>;

/**
 * The file's text: a header line, then one line per US ZIP code, `zip<TAB>city<TAB>state`, sorted (the package also
 * holds Canadian postal codes, which a 5-digit US ZIP never matches).
 */
export function zipPlacesText(codes: ZipCodes): string {
  const lines = Object.values(codes)
    .filter((c) => c.country === 'US')
    .map((c) => `${c.zip}\t${c.city}\t${c.state}`)
    .sort();
  return `# US ZIP codes (zipcodes package): zip, city, state\n${lines.join('\n')}\n`;
}

/** The file's text from the installed package: at bundle time, and when running from source (no bundle directory). */
export function zipPlacesFromPackage(): string {
  // A require through createRequire is not one esbuild follows: the package stays out of the bundle.
  const zipcodes = createRequire(import.meta.url)('zipcodes') as { codes: ZipCodes };
  return zipPlacesText(zipcodes.codes);
}

let places: string | undefined;

/** The file next to the bundle; from source (local runtime, tests), the same text made from the package. */
function placesText(): string {
  if (places !== undefined) return places;
  try {
    places = readFileSync(new URL(ZIP_PLACES_FILE, import.meta.url), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    places = zipPlacesFromPackage();
  }
  return places;
}

/** The line of `zip` in the sorted lines of `text` (a binary search over character offsets), or undefined. */
function lineOf(text: string, zip: string): string | undefined {
  let lo = text.indexOf('\n') + 1; // past the header; always the start of a line
  let hi = text.length;
  while (lo < hi) {
    const start = text.lastIndexOf('\n', ((lo + hi) >> 1) - 1) + 1; // the line around the middle
    const key = text.slice(start, start + 5);
    if (key === zip) return text.slice(start, text.indexOf('\n', start));
    if (key < zip) lo = text.indexOf('\n', start) + 1;
    else hi = start;
  }
  return undefined;
}

/** Lookups in a text made by zipPlacesText, got when first needed. */
export function textZipLookup(text: () => string): ZipLookup {
  return {
    async lookup(zip) {
      // Only a 5-digit string can be a US ZIP (and only then is the search exact).
      if (!/^\d{5}$/.test(zip)) return null;
      const line = lineOf(text(), zip);
      if (line === undefined) return null;
      const [, city, state] = line.split('\t');
      return toZipPlace(zip, city, state);
    },
  };
}

export const bundledZipLookup = textZipLookup(placesText);
