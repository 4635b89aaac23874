/**
 * Postal addresses of the settings page (spec part 3: 15 countries with country-dependent labels and order of parts,
 * comma as separator). The labels and orders are ours: the spec names the countries but not the values.
 */
export const ADDRESS_COUNTRIES = [
  'US',
  'CA',
  'GB',
  'AU',
  'DE',
  'FR',
  'IT',
  'ES',
  'NL',
  'JP',
  'KR',
  'SG',
  'IN',
  'BR',
  'MX',
] as const;
export type AddressCountry = (typeof ADDRESS_COUNTRIES)[number];

export type AddressPart = 'street' | 'city' | 'state' | 'postalCode';

export interface CountryFormat {
  name: string;
  /** Label of the region field; null where addresses have none. */
  stateLabel: string | null;
  postalCodeLabel: string;
  /** Order of the parts in the one-line address (country always last). */
  order: readonly AddressPart[];
}

const STREET_FIRST: readonly AddressPart[] = ['street', 'city', 'state', 'postalCode'];
const POSTAL_BEFORE_CITY: readonly AddressPart[] = ['street', 'postalCode', 'city', 'state'];

export const COUNTRY_FORMATS: Record<AddressCountry, CountryFormat> = {
  US: { name: 'United States', stateLabel: 'State', postalCodeLabel: 'ZIP Code', order: STREET_FIRST },
  CA: { name: 'Canada', stateLabel: 'Province', postalCodeLabel: 'Postal Code', order: STREET_FIRST },
  GB: { name: 'United Kingdom', stateLabel: 'County', postalCodeLabel: 'Postcode', order: STREET_FIRST },
  AU: { name: 'Australia', stateLabel: 'State', postalCodeLabel: 'Postcode', order: STREET_FIRST },
  DE: { name: 'Germany', stateLabel: 'State', postalCodeLabel: 'Postal Code', order: POSTAL_BEFORE_CITY },
  FR: { name: 'France', stateLabel: 'Region', postalCodeLabel: 'Postal Code', order: POSTAL_BEFORE_CITY },
  IT: { name: 'Italy', stateLabel: 'Province', postalCodeLabel: 'CAP', order: POSTAL_BEFORE_CITY },
  ES: { name: 'Spain', stateLabel: 'Province', postalCodeLabel: 'Postal Code', order: POSTAL_BEFORE_CITY },
  NL: { name: 'Netherlands', stateLabel: 'Province', postalCodeLabel: 'Postcode', order: POSTAL_BEFORE_CITY },
  JP: {
    name: 'Japan',
    stateLabel: 'Prefecture',
    postalCodeLabel: 'Postal Code',
    order: ['postalCode', 'state', 'city', 'street'],
  },
  KR: {
    name: 'South Korea',
    stateLabel: 'Province',
    postalCodeLabel: 'Postal Code',
    order: ['postalCode', 'state', 'city', 'street'],
  },
  SG: { name: 'Singapore', stateLabel: null, postalCodeLabel: 'Postal Code', order: ['street', 'city', 'postalCode'] },
  IN: { name: 'India', stateLabel: 'State', postalCodeLabel: 'PIN Code', order: STREET_FIRST },
  BR: { name: 'Brazil', stateLabel: 'State', postalCodeLabel: 'CEP', order: STREET_FIRST },
  MX: { name: 'Mexico', stateLabel: 'State', postalCodeLabel: 'Postal Code', order: POSTAL_BEFORE_CITY },
};

export interface PostalAddress {
  country: AddressCountry;
  street: string;
  city: string;
  state: string;
  postalCode: string;
}

/** The one-line form, parts in the country's order separated by commas, empty parts left out, country name last. */
export function formatAddress(a: PostalAddress): string {
  const format = COUNTRY_FORMATS[a.country];
  const parts = format.order
    .filter((part) => part !== 'state' || format.stateLabel !== null)
    .map((part) => a[part].trim())
    .filter(Boolean);
  return [...parts, format.name].join(', ');
}
