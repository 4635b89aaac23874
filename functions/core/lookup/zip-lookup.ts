/** A US ZIP code's place: what the sell wizard fills into City and State. */
export interface ZipPlace {
  zip: string;
  city: string;
  /** Two capital letters. */
  state: string;
}

/** Where ZIP codes are looked up: a bundled dataset locally, a public ZIP service in production if configured. */
export interface ZipLookup {
  /** null when the ZIP code is unknown. */
  lookup(zip: string): Promise<ZipPlace | null>;
}

/** Normalises what a source says into our shape, or null when it is not a usable US place. */
export function toZipPlace(zip: string, city: unknown, state: unknown): ZipPlace | null {
  if (typeof city !== 'string' || typeof state !== 'string') return null;
  const st = state.trim().toUpperCase();
  const name = city.trim();
  if (!/^[A-Z]{2}$/.test(st) || name === '') return null;
  return { zip, city: name, state: st };
}
