import { centsToDecimalString } from '../../../shared/domain/money';
import { milesBetween, type ZipPlace } from './zip-places';

/** A US service the stand-in offers, with its made-up price table in cents (per package). */
export interface ServiceDef {
  type: string;
  name: string;
  carrierCode: 'FDXG' | 'FDXE';
  /** Heaviest package it takes, in pounds (FedEx: Ground/Home 70 lb, Express 150 lb). */
  maxLb: number;
  /** Ground only to businesses, Home Delivery only to homes. */
  residential: 'only' | 'never' | 'either';
  baseCents: number;
  perZoneCents: number;
  perLbCents: number;
  perLbPerZoneCents: number;
  /** Business days; ground depends on distance. */
  transitDays: (miles: number) => number;
  /** The committed delivery time of day. */
  deliveryTime: string;
}

const groundDays = (miles: number) => (miles <= 150 ? 1 : miles <= 600 ? 2 : miles <= 1000 ? 3 : miles <= 1800 ? 4 : 5);

export const SERVICES: readonly ServiceDef[] = [
  {
    type: 'FEDEX_GROUND',
    name: 'FedEx Ground®',
    carrierCode: 'FDXG',
    maxLb: 70,
    residential: 'never',
    baseCents: 899,
    perZoneCents: 95,
    perLbCents: 45,
    perLbPerZoneCents: 12,
    transitDays: groundDays,
    deliveryTime: '23:59:00',
  },
  {
    type: 'GROUND_HOME_DELIVERY',
    name: 'FedEx Home Delivery®',
    carrierCode: 'FDXG',
    maxLb: 70,
    residential: 'only',
    baseCents: 999,
    perZoneCents: 100,
    perLbCents: 48,
    perLbPerZoneCents: 12,
    transitDays: groundDays,
    deliveryTime: '20:00:00',
  },
  {
    type: 'FEDEX_EXPRESS_SAVER',
    name: 'FedEx Express Saver®',
    carrierCode: 'FDXE',
    maxLb: 150,
    residential: 'either',
    baseCents: 2150,
    perZoneCents: 310,
    perLbCents: 160,
    perLbPerZoneCents: 35,
    transitDays: () => 3,
    deliveryTime: '16:30:00',
  },
  {
    type: 'FEDEX_2_DAY',
    name: 'FedEx 2Day®',
    carrierCode: 'FDXE',
    maxLb: 150,
    residential: 'either',
    baseCents: 2690,
    perZoneCents: 420,
    perLbCents: 210,
    perLbPerZoneCents: 45,
    transitDays: () => 2,
    deliveryTime: '16:30:00',
  },
  {
    type: 'STANDARD_OVERNIGHT',
    name: 'FedEx Standard Overnight®',
    carrierCode: 'FDXE',
    maxLb: 150,
    residential: 'either',
    baseCents: 5480,
    perZoneCents: 760,
    perLbCents: 390,
    perLbPerZoneCents: 80,
    transitDays: () => 1,
    deliveryTime: '15:00:00',
  },
];

export const serviceByType = (type: string) => SERVICES.find((s) => s.type === type);

/** FedEx-like zones from the distance (zone 2 is local, 8 across the country). */
export function zoneOf(miles: number): number {
  const limits = [150, 300, 600, 1000, 1400, 1800];
  const index = limits.findIndex((limit) => miles <= limit);
  return index === -1 ? 8 : index + 2;
}

export interface PackageIn {
  weightLb: number;
  dimensionsIn?: { length: number; width: number; height: number };
}

/** Billed weight: actual or dimensional (L x W x H / 139, FedEx's US divisor), whichever is more, whole pounds. */
export function billableLb(p: PackageIn): number {
  const dims = p.dimensionsIn;
  const dimensional = dims ? (dims.length * dims.width * dims.height) / 139 : 0;
  return Math.max(1, Math.ceil(Math.max(p.weightLb, dimensional)));
}

/** Per mille: fuel surcharge 16.5 %, and how much the published LIST rate is above the account's rate. */
const FUEL_PER_MILLE = 165;
const LIST_PER_MILLE = 1180;
const RESIDENTIAL_EXPRESS_CENTS = 560;

const perMille = (cents: number, perMille: number) => Math.floor((cents * perMille + 500) / 1000);

export interface Priced {
  service: ServiceDef;
  zone: number;
  miles: number;
  billedLb: number;
  baseCents: number;
  fuelCents: number;
  residentialCents: number;
  /** What the account pays (rateType ACCOUNT), and the published rate (LIST). */
  accountCents: number;
  listCents: number;
  transitDays: number;
}

/**
 * The price of every service that can carry these packages between the places: integer cents throughout (a zone and
 * weight table, fuel surcharge, residential surcharge on express), growing with billed weight and distance.
 */
export function priceServices(from: ZipPlace, to: ZipPlace, packages: PackageIn[], residential: boolean): Priced[] {
  const miles = milesBetween(from, to);
  const zone = zoneOf(miles);
  return SERVICES.filter(
    (s) =>
      (s.residential === 'either' || (s.residential === 'only') === residential) &&
      packages.every((p) => p.weightLb <= s.maxLb),
  ).map((service) => {
    let baseCents = 0;
    let billedLb = 0;
    for (const p of packages) {
      const lb = billableLb(p);
      billedLb += lb;
      const z = zone - 2;
      baseCents +=
        service.baseCents + service.perZoneCents * z + (service.perLbCents + service.perLbPerZoneCents * z) * (lb - 1);
    }
    const fuelCents = perMille(baseCents, FUEL_PER_MILLE);
    const residentialCents =
      residential && service.carrierCode === 'FDXE' ? RESIDENTIAL_EXPRESS_CENTS * packages.length : 0;
    const accountCents = baseCents + fuelCents + residentialCents;
    return {
      service,
      zone,
      miles,
      billedLb,
      baseCents,
      fuelCents,
      residentialCents,
      accountCents,
      listCents: perMille(accountCents, LIST_PER_MILLE),
      transitDays: service.transitDays(miles),
    };
  });
}

/** YYYY-MM-DD plus business days (Saturdays and Sundays skipped). */
export function addBusinessDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
export const weekdayOf = (date: string) => DAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]!;

/** FedEx's transit enum for a number of days (ONE_DAY, TWO_DAYS, ...). */
export function transitWord(days: number): string {
  const words = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN'];
  return days === 1 ? 'ONE_DAY' : `${words[days - 1] ?? 'UNKNOWN'}_DAYS`;
}

/** Cents as the JSON number FedEx writes (13.05); the stand-in's only step out of integers, at the wire. */
export const wireAmount = (cents: number) => Number(centsToDecimalString(cents));
