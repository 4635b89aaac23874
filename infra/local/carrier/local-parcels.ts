import type { ParcelRecord, ParcelStore } from './parcel-store';
import { addBusinessDays, priceServices, serviceByType } from './rates';
import { MOVES, type Move } from './scan-events';
import { zipPlace } from './zip-places';

export interface LocalParcelInput {
  fromZip: string;
  toZip: string;
  weightLb?: number;
  /** Default: Home Delivery to a home, Ground to a business. */
  serviceType?: string;
  residential?: boolean;
  reference?: string;
}

export type Created = { ok: true; parcel: ParcelRecord } | { ok: false; message: string };

/**
 * A parcel made from the page or the control API, as if a seller had bought a label: made-up names and streets,
 * city and state from the ZIPs, priced like the Ship API would.
 */
export function createLocalParcel(store: ParcelStore, input: LocalParcelInput, now: Date): Created {
  const from = zipPlace(input.fromZip);
  const to = zipPlace(input.toZip);
  if (!from || !to) return { ok: false, message: 'fromZip and toZip must be known US ZIP codes' };
  const weightLb = input.weightLb ?? 2;
  if (!(weightLb > 0 && weightLb <= 150)) return { ok: false, message: 'weightLb must be above 0 and at most 150' };
  // A marketplace parcel goes to a home, unless FedEx Ground (businesses only) is asked for.
  const residential = input.residential ?? input.serviceType !== 'FEDEX_GROUND';
  const serviceType = input.serviceType ?? (residential ? 'GROUND_HOME_DELIVERY' : 'FEDEX_GROUND');
  if (!serviceByType(serviceType)) return { ok: false, message: `unknown serviceType ${serviceType}` };
  const priced = priceServices(from, to, [{ weightLb }], residential).find((p) => p.service.type === serviceType);
  if (!priced) return { ok: false, message: `${serviceType} does not carry this parcel` };
  const shipDate = now.toISOString().slice(0, 10);
  const parcel = store.create({
    serviceType,
    serviceName: priced.service.name,
    carrierCode: priced.service.carrierCode,
    shipDate,
    estimatedDelivery: addBusinessDays(shipDate, priced.transitDays),
    weightLb,
    reference: input.reference?.slice(0, 40) || null,
    chargeCents: priced.accountCents,
    shipper: {
      name: 'LOCAL SELLER',
      phone: '9015550100',
      streetLines: ['1 SELLER ST'],
      place: from,
      residential: false,
    },
    recipient: { name: 'LOCAL BUYER', phone: '9725550100', streetLines: ['2 BUYER AVE'], place: to, residential },
  });
  return { ok: true, parcel };
}

export const isMove = (value: unknown): value is Move => typeof value === 'string' && MOVES.includes(value as Move);

/** A parcel as the control API shows it (our own JSON, not FedEx's). */
export function parcelView(p: ParcelRecord) {
  const latest = p.scans[0]!;
  const place = (z: { zip: string; city: string; state: string }) => ({ zip: z.zip, city: z.city, state: z.state });
  return {
    trackingNumber: p.trackingNumber,
    serviceType: p.serviceType,
    reference: p.reference,
    status: latest.kind === 'created' ? 'label_created' : latest.kind,
    returning: p.returning,
    from: place(p.shipper.place),
    to: place(p.recipient.place),
    weightLb: p.weightLb,
    chargeCents: p.chargeCents,
    deliveredAt: latest.kind === 'delivered' ? latest.at : null,
    events: p.scans.map((s) => ({ at: s.at, kind: s.kind, ...place(s.place) })),
  };
}
