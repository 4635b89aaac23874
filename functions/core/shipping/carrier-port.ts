import type { Cents } from '../../../shared/domain/money';
import type { ShipmentStatus } from './shipment-status';

/** The most tracking numbers one track call takes (FedEx's Track API limit). */
export const TRACK_BATCH_MAX = 30;

/** One parcel: weight in pounds, optional outer dimensions in inches (all three or none). */
export interface PackageSpec {
  weightLb: number;
  lengthIn?: number;
  widthIn?: number;
  heightIn?: number;
}

export interface RateRequest {
  /** 5-digit US ZIP codes (ZIP+4 accepted). */
  fromZip: string;
  fromState?: string;
  toZip: string;
  toState?: string;
  /** Delivery to a home (changes the ground service and surcharges). */
  residential?: boolean;
  packages: PackageSpec[];
  /** YYYY-MM-DD; default today. */
  shipDate?: string;
}

export interface RateQuote {
  /** The carrier's service code, e.g. FEDEX_GROUND; what createShipment takes back. */
  serviceType: string;
  serviceName: string;
  /** What our account pays, in US cents. */
  amountCents: Cents;
  /** Business days in transit, when the carrier says. */
  transitDays: number | null;
  /** The carrier's delivery weekday (e.g. WED) and date (YYYY-MM-DD), when it commits to one. */
  deliveryDay: string | null;
  deliveryDate: string | null;
}

export interface ShippingParty {
  /** A person's or a company's name. */
  name: string;
  /** 10 digits for US numbers. */
  phone: string;
  streetLines: string[];
  city: string;
  /** 2-letter state code. */
  state: string;
  zip: string;
  residential?: boolean;
}

export interface ShipmentRequest {
  serviceType: string;
  shipper: ShippingParty;
  recipient: ShippingParty;
  packages: PackageSpec[];
  /** Our reference (an order id): printed on the label and echoed by the carrier. */
  reference?: string;
  /** YYYY-MM-DD; default today. */
  shipDate?: string;
}

export interface CreatedShipment {
  trackingNumber: string;
  serviceType: string;
  serviceName: string | null;
  /** What the carrier charges our account, when it says. */
  chargeCents: Cents | null;
  /** The label: a base64 PDF, or a URL to fetch it from. */
  labelPdfBase64: string | null;
  labelUrl: string | null;
}

export interface CancelledShipment {
  cancelled: boolean;
  /** The carrier's words, when it gave any. */
  message: string | null;
}

export interface Place {
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
}

export interface ScanEvent {
  /** ISO-8601 UTC. */
  at: string | null;
  /** The carrier's event code (e.g. PU, OD, DL, RS). */
  code: string;
  description: string;
  status: ShipmentStatus;
  location: Place | null;
  exceptionCode: string | null;
  exceptionDescription: string | null;
}

export interface TrackedShipment {
  trackingNumber: string;
  found: true;
  status: ShipmentStatus;
  /** The carrier's latest status code and its words. */
  statusCode: string;
  statusDescription: string;
  /** When it was delivered (ISO-8601 UTC); set only once the carrier reports an actual delivery time. */
  deliveredAt: string | null;
  estimatedDeliveryAt: string | null;
  /** The ship date the label was made for (midnight of that day, shipper's time, as ISO UTC), when known. */
  shipDate: string | null;
  /** When the carrier actually picked the parcel up (ISO UTC), once it has. */
  pickedUpAt: string | null;
  /** Where the carrier is taking it, and where it was actually delivered. */
  destination: Place | null;
  deliveredTo: Place | null;
  /** Newest first. */
  events: ScanEvent[];
  /**
   * The parcel was sent back (or asked to be) at some point: a later "delivered" may be a delivery back to the
   * shipper, never proof that the recipient has it.
   */
  returnedToShipper: boolean;
}

export interface UnknownShipment {
  trackingNumber: string;
  found: false;
  /** The carrier's reason (e.g. TRACKING.TRACKINGNUMBER.NOTFOUND) and words. */
  code: string;
  message: string;
}

export type TrackResult = TrackedShipment | UnknownShipment;

/**
 * The carrier port: rates, labels and tracking. Failures are CarrierError (carrier-error.ts); a tracking number the
 * carrier does not know is a result (found: false), not an error.
 */
export interface Carrier {
  /** Every service the carrier offers between the ZIPs, cheapest first. */
  quoteRates(request: RateRequest): Promise<RateQuote[]>;
  createShipment(request: ShipmentRequest): Promise<CreatedShipment>;
  cancelShipment(trackingNumber: string): Promise<CancelledShipment>;
  /** One result per number asked, in the same order; at most TRACK_BATCH_MAX numbers. */
  track(trackingNumbers: readonly string[]): Promise<TrackResult[]>;
}
