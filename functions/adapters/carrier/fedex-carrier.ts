import type {
  CancelledShipment,
  Carrier,
  CreatedShipment,
  RateQuote,
  RateRequest,
  ShipmentRequest,
  TrackResult,
} from '../../core/shipping/carrier-port';
import { TRACK_BATCH_MAX } from '../../core/shipping/carrier-port';
import type { SecretSource } from '../../core/secrets/ports';
import { carrierConfig } from '../../lib/config';
import { secrets } from '../secrets';
import { FedexApi, type FedexApiOptions } from './fedex-api';
import { RATE_PATH, rateRequestBody, toRateQuotes } from './fedex-rates';
import {
  CANCEL_PATH,
  cancelRequestBody,
  SHIP_PATH,
  shipRequestBody,
  toCancelledShipment,
  toCreatedShipment,
} from './fedex-ship';
import { toTrackResults, TRACK_PATH, trackRequestBody } from './fedex-track';

export interface FedexCarrierOptions extends FedexApiOptions {
  /** The FedEx account shipments are billed to and rates are priced for. */
  accountNumber: string;
}

/** Our reference goes out as x-customer-transaction-id only when it is plain enough for a header. */
const HEADER_SAFE = /^[\w.-]{1,64}$/;

/** The carrier port over FedEx's REST APIs (or the local stand-in, which speaks the same). */
export class FedexCarrier implements Carrier {
  private readonly api: FedexApi;

  constructor(private readonly opts: FedexCarrierOptions) {
    this.api = new FedexApi(opts);
  }

  async quoteRates(request: RateRequest): Promise<RateQuote[]> {
    if (request.packages.length === 0) throw new RangeError('a rate request needs at least one package');
    const body = rateRequestBody(this.opts.accountNumber, request);
    return toRateQuotes(await this.api.call('main', 'POST', RATE_PATH, body, 'quote rates'));
  }

  async createShipment(request: ShipmentRequest): Promise<CreatedShipment> {
    if (request.packages.length === 0) throw new RangeError('a shipment needs at least one package');
    const body = shipRequestBody(this.opts.accountNumber, request);
    const id = request.reference && HEADER_SAFE.test(request.reference) ? request.reference : undefined;
    const output = await this.api.call('main', 'POST', SHIP_PATH, body, 'create a shipment', {
      repeatable: false,
      ...(id && { customerTransactionId: id }),
    });
    return toCreatedShipment(output, request.serviceType);
  }

  async cancelShipment(trackingNumber: string): Promise<CancelledShipment> {
    const body = cancelRequestBody(this.opts.accountNumber, trackingNumber);
    return toCancelledShipment(await this.api.call('main', 'PUT', CANCEL_PATH, body, 'cancel a shipment'));
  }

  async track(trackingNumbers: readonly string[]): Promise<TrackResult[]> {
    if (trackingNumbers.length > TRACK_BATCH_MAX) {
      throw new RangeError(`at most ${TRACK_BATCH_MAX} tracking numbers per call`);
    }
    if (trackingNumbers.length === 0) return [];
    const output = await this.api.call(
      'track',
      'POST',
      TRACK_PATH,
      trackRequestBody(trackingNumbers),
      'track shipments',
    );
    return toTrackResults(trackingNumbers, output);
  }

  /** For the health check: FedEx accepts our key pair(s), i.e. hands out a token (a cached one counts). */
  checkHealth(): Promise<void> {
    return this.api.checkCredentials();
  }
}

let shared: FedexCarrier | undefined;

/**
 * The container's carrier, built from validated configuration and the secret source on first use. The key pairs are
 * asked of the source per call: a saved key (decision 071) is an administrator's, else the deployment's.
 */
export function carrier(source: SecretSource = secrets): FedexCarrier {
  if (!shared) {
    const c = carrierConfig();
    shared = new FedexCarrier({
      baseUrl: c.CARRIER_API_URL,
      accountNumber: c.CARRIER_ACCOUNT_NUMBER,
      credentials: async () => {
        const [apiKey, apiSecret] = await Promise.all([source.read('carrierApiKey'), source.read('carrierApiSecret')]);
        return { apiKey, apiSecret };
      },
      // FedEx issues Track its own pair; with no Track key, saved or deployed, Track uses the main pair.
      trackCredentials: async () => {
        const apiKey = await source.find('carrierTrackApiKey');
        return apiKey === undefined ? undefined : { apiKey, apiSecret: await source.read('carrierTrackApiSecret') };
      },
    });
  }
  return shared;
}

export function resetCarrier(): void {
  shared = undefined;
}
