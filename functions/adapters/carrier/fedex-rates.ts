import type * as z from 'zod/mini';
import type { RateQuote, RateRequest } from '../../core/shipping/carrier-port';
import { unreadable } from './fedex-errors';
import { fedexAmountToCents } from './fedex-money';
import { packageLine, usAddress } from './fedex-package';
import { rateOutputSchema, rateReplyDetailSchema, type ratedShipmentDetailSchema } from './fedex-schemas';

export const RATE_PATH = '/rate/v1/rates/quotes';

/** A rate shop (no serviceType: every service), with transit times, priced for our account. */
export function rateRequestBody(accountNumber: string, r: RateRequest) {
  return {
    accountNumber: { value: accountNumber },
    rateRequestControlParameters: { returnTransitTimes: true },
    requestedShipment: {
      shipper: { address: usAddress(r.fromZip, r.fromState) },
      recipient: { address: { ...usAddress(r.toZip, r.toState), residential: r.residential ?? false } },
      pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
      packagingType: 'YOUR_PACKAGING',
      rateRequestType: ['ACCOUNT'],
      ...(r.shipDate && { shipDateStamp: r.shipDate }),
      requestedPackageLineItems: r.packages.map(packageLine),
    },
  };
}

type RatedShipmentDetail = z.infer<typeof ratedShipmentDetailSchema>;

/** Our account's own price first; LIST (the published rate) only when nothing else is there. */
const RATE_TYPE_PREFERENCE = ['ACCOUNT', 'PAYOR_ACCOUNT_SHIPMENT', 'PAYOR_ACCOUNT_PACKAGE', 'PREFERRED_CURRENCY'];

function pickRate(details: readonly RatedShipmentDetail[]): RatedShipmentDetail | undefined {
  for (const type of RATE_TYPE_PREFERENCE) {
    const found = details.find((d) => d.rateType === type);
    if (found) return found;
  }
  return details.find((d) => d.rateType !== 'LIST') ?? details[0];
}

const TRANSIT_WORDS = [
  'ONE',
  'TWO',
  'THREE',
  'FOUR',
  'FIVE',
  'SIX',
  'SEVEN',
  'EIGHT',
  'NINE',
  'TEN',
  'ELEVEN',
  'TWELVE',
  'THIRTEEN',
  'FOURTEEN',
  'FIFTEEN',
  'SIXTEEN',
  'SEVENTEEN',
  'EIGHTEEN',
  'NINETEEN',
  'TWENTY',
];

/** FedEx's transit enum (ONE_DAY ... TWENTY_DAYS) -> days; null for UNKNOWN or anything else. */
export function transitDaysOf(word: string | null | undefined): number | null {
  const m = /^([A-Z]+)_DAYS?$/.exec(word ?? '');
  const index = m ? TRANSIT_WORDS.indexOf(m[1]!) : -1;
  return index >= 0 ? index + 1 : null;
}

const dateOf = (text: string | null | undefined) => /^\d{4}-\d{2}-\d{2}/.exec(text ?? '')?.[0] ?? null;

/**
 * FedEx's rateReplyDetails -> our quotes in US cents, cheapest first. A detail we cannot read, or priced in another
 * currency, is left out; if every detail is unreadable the answer is.
 */
export function toRateQuotes(output: Record<string, unknown>): RateQuote[] {
  const parsed = rateOutputSchema.safeParse(output);
  if (!parsed.success) throw unreadable('quote rates');
  const raw = parsed.data.rateReplyDetails ?? [];
  const quotes = raw.flatMap((item): RateQuote[] => {
    const d = rateReplyDetailSchema.safeParse(item);
    if (!d.success) return [];
    const rate = pickRate(d.data.ratedShipmentDetails ?? []);
    const value = rate?.totalNetChargeWithDutiesAndTaxes ?? rate?.totalNetCharge;
    const amountCents = value === null || value === undefined ? null : fedexAmountToCents(value);
    const currency = rate?.currency ?? rate?.shipmentRateDetail?.currency ?? 'USD';
    if (amountCents === null || currency !== 'USD') return [];
    const { commit, operationalDetail: op } = d.data;
    return [
      {
        serviceType: d.data.serviceType,
        serviceName: d.data.serviceName ?? d.data.serviceType,
        amountCents,
        transitDays: transitDaysOf(commit?.transitDays?.minimumTransitTime ?? op?.transitTime),
        deliveryDay: (op?.deliveryDay ?? commit?.dateDetail?.dayOfWeek)?.toUpperCase() ?? null,
        deliveryDate: dateOf(op?.deliveryDate ?? commit?.dateDetail?.dayFormat),
      },
    ];
  });
  if (raw.length > 0 && quotes.length === 0) throw unreadable('quote rates');
  return quotes.sort((a, b) => a.amountCents - b.amountCents);
}
