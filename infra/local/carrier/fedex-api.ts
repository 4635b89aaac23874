import type { IncomingMessage, ServerResponse } from 'node:http';
import { labelPdf } from './label-pdf';
import { parseJson, readText, sendFedexError, sendFedexOutput, sendJson, sendTooLarge } from './http-io';
import type { ParcelRecord, ParcelStore } from './parcel-store';
import {
  addBusinessDays,
  priceServices,
  transitWord,
  weekdayOf,
  wireAmount,
  type PackageIn,
  type Priced,
} from './rates';
import { trackErrorResult, trackResultOf } from './track-result';
import type { TokenIssuer, TokenScope } from './tokens';
import {
  cancelRequestSchema,
  invalidInput,
  rateRequestSchema,
  shipRequestSchema,
  trackRequestSchema,
  type PackageLine,
} from './wire-schemas';
import { zipPlace, type ZipPlace } from './zip-places';

export interface FedexApiDeps {
  store: ParcelStore;
  tokens: TokenIssuer;
  accountNumber: string;
  /** The stand-in's own origin (label URLs). */
  origin: () => string;
  now: () => Date;
  /** Every new scan (a created or cancelled shipment): the webhook goes out. */
  onScan: (parcel: ParcelRecord) => void;
}

export const TRACK_MAX = 30;
const LB_PER_KG = 2.20462;
const CM_PER_IN = 2.54;

type Handler = (req: IncomingMessage, res: ServerResponse, body: unknown) => void;
type Fail = (status: number, code: string, message: string) => void;

const toPackage = (line: PackageLine): PackageIn => {
  const lb = line.weight.units === 'KG' ? line.weight.value * LB_PER_KG : line.weight.value;
  const d = line.dimensions;
  const f = d?.units === 'CM' ? 1 / CM_PER_IN : 1;
  return {
    weightLb: lb,
    ...(d && { dimensionsIn: { length: d.length * f, width: d.width * f, height: d.height * f } }),
  };
};

const BAD_ZIP = 'Invalid postal code/zip for the country selected. Please correct and try again.';

/** The US place of an address, or null (FedEx answers COUNTRY.POSTALCODEORZIP.INVALID). */
const placeOf = (a: { postalCode: string; countryCode: string }): ZipPlace | null =>
  a.countryCode === 'US' ? zipPlace(a.postalCode) : null;

/** Packages the stand-in can rate: positive weights and dimensions within FedEx's limits. */
function packagesOf(lines: PackageLine[], fail: Fail): PackageIn[] | null {
  const packages = lines.map(toPackage);
  for (const p of packages) {
    const dims = p.dimensionsIn ? [p.dimensionsIn.length, p.dimensionsIn.width, p.dimensionsIn.height] : [];
    if (!(p.weightLb > 0) || dims.some((v) => !(v > 0 && v <= 999))) {
      fail(400, 'INVALID.INPUT.EXCEPTION', 'Invalid field value in the input: requestedPackageLineItems.');
      return null;
    }
    if (p.weightLb > 150) {
      fail(400, 'PACKAGE.WEIGHT.EXCEEDED', 'Package weight exceeds the maximum of 150 LB for this service.');
      return null;
    }
  }
  return packages;
}

const today = (now: Date) => now.toISOString().slice(0, 10);

function ratedDetail(rateType: 'ACCOUNT' | 'LIST', p: Priced) {
  const total = rateType === 'ACCOUNT' ? p.accountCents : p.listCents;
  const surcharges = p.fuelCents + p.residentialCents;
  return {
    rateType,
    ratedWeightMethod: 'ACTUAL',
    totalDiscounts: 0,
    totalBaseCharge: wireAmount(total - surcharges),
    totalNetFedExCharge: wireAmount(total),
    totalNetCharge: wireAmount(total),
    shipmentRateDetail: {
      rateZone: String(p.zone),
      dimDivisor: 139,
      fuelSurchargePercent: 16.5,
      totalSurcharges: wireAmount(surcharges),
      surCharges: [
        { type: 'FUEL', description: 'Fuel Surcharge', level: 'SHIPMENT', amount: wireAmount(p.fuelCents) },
        ...(p.residentialCents
          ? [
              {
                type: 'RESIDENTIAL_DELIVERY',
                description: 'Residential delivery',
                level: 'SHIPMENT',
                amount: wireAmount(p.residentialCents),
              },
            ]
          : []),
      ],
      totalBillingWeight: { units: 'LB', value: p.billedLb },
      currency: 'USD',
    },
    currency: 'USD',
  };
}

function rateReply(p: Priced, shipDate: string, rateTypes: ('ACCOUNT' | 'LIST')[], transit: boolean) {
  const deliveryDate = addBusinessDays(shipDate, p.transitDays);
  const day = weekdayOf(deliveryDate);
  const when = `${deliveryDate}T${p.service.deliveryTime}`;
  return {
    serviceType: p.service.type,
    serviceName: p.service.name,
    packagingType: 'YOUR_PACKAGING',
    ratedShipmentDetails: rateTypes.map((t) => ratedDetail(t, p)),
    ...(transit && {
      commit: {
        dateDetail: { dayOfWeek: day, dayFormat: when },
        transitDays: {
          minimumTransitTime: transitWord(p.transitDays),
          description: `${p.transitDays} Business Day${p.transitDays === 1 ? '' : 's'}`,
        },
      },
      operationalDetail: {
        deliveryDate: when,
        deliveryDay: day,
        transitTime: transitWord(p.transitDays),
        commitDays: [day],
      },
    }),
    serviceDescription: { serviceType: p.service.type, description: p.service.name.replace('®', '') },
  };
}

/**
 * FedEx's OAuth, Rate, Ship (and cancel) and Track APIs as the stand-in answers them. Returns false for a path that
 * is not one of them.
 */
export function createFedexApi(deps: FedexApiDeps) {
  const { store, tokens } = deps;

  const rate: Handler = (req, res, body) => {
    const fail: Fail = (s, c, m) => sendFedexError(res, req, s, c, m);
    const parsed = rateRequestSchema.safeParse(body);
    if (!parsed.success) return fail(400, 'INVALID.INPUT.EXCEPTION', invalidInput(parsed.error));
    const { accountNumber, requestedShipment: r, rateRequestControlParameters } = parsed.data;
    if (accountNumber.value !== deps.accountNumber) {
      return fail(400, 'ACCOUNT.NUMBER.MISMATCH', 'The account number in the request does not match this project.');
    }
    const from = placeOf(r.shipper.address);
    const to = placeOf(r.recipient.address);
    if (!from || !to) return fail(400, 'COUNTRY.POSTALCODEORZIP.INVALID', BAD_ZIP);
    const packages = packagesOf(r.requestedPackageLineItems, fail);
    if (!packages) return;
    const priced = priceServices(from, to, packages, r.recipient.address.residential ?? false).filter(
      (p) => !r.serviceType || p.service.type === r.serviceType,
    );
    if (priced.length === 0) {
      return fail(400, 'SERVICE.UNAVAILABLE.ERROR', 'The requested service is not available between these locations.');
    }
    const rateTypes: ('ACCOUNT' | 'LIST')[] = r.rateRequestType?.includes('LIST') ? ['ACCOUNT', 'LIST'] : ['ACCOUNT'];
    const shipDate = r.shipDateStamp ?? today(deps.now());
    const transit = rateRequestControlParameters?.returnTransitTimes === true;
    sendFedexOutput(res, req, {
      alerts: [],
      quoteDate: today(deps.now()),
      encoded: false,
      rateReplyDetails: priced.map((p) => rateReply(p, shipDate, rateTypes, transit)),
    });
  };

  const ship: Handler = (req, res, body) => {
    const fail: Fail = (s, c, m) => sendFedexError(res, req, s, c, m);
    const parsed = shipRequestSchema.safeParse(body);
    if (!parsed.success) return fail(400, 'INVALID.INPUT.EXCEPTION', invalidInput(parsed.error));
    const { accountNumber, requestedShipment: r, labelResponseOptions } = parsed.data;
    if (accountNumber.value !== deps.accountNumber) {
      return fail(
        400,
        'ACCOUNTNUMBER.REGISTRATION.REQUIRED',
        'The account number is not registered with this project.',
      );
    }
    if (r.labelSpecification.imageType !== 'PDF') {
      return fail(400, 'LABELSPECIFICATION.IMAGETYPE.INVALID', 'The local carrier renders PDF labels only.');
    }
    const recipient = r.recipients[0]!;
    const from = placeOf(r.shipper.address);
    const to = placeOf(recipient.address);
    if (!from || !to) return fail(400, 'COUNTRY.POSTALCODEORZIP.INVALID', BAD_ZIP);
    const packages = packagesOf(r.requestedPackageLineItems, fail);
    if (!packages) return;
    const residential = recipient.address.residential ?? false;
    const priced = priceServices(from, to, packages, residential).find((p) => p.service.type === r.serviceType);
    if (!priced) {
      return fail(400, 'SERVICE.UNAVAILABLE.ERROR', 'The requested service is not available for this shipment.');
    }
    const shipDate = r.shipDatestamp ?? today(deps.now());
    const reference = r.requestedPackageLineItems[0]?.customerReferences?.[0]?.value ?? null;
    const parcel = store.create({
      serviceType: priced.service.type,
      serviceName: priced.service.name,
      carrierCode: priced.service.carrierCode,
      shipDate,
      estimatedDelivery: addBusinessDays(shipDate, priced.transitDays),
      // One parcel per shipment: the stand-in does not split multi-package shipments into child numbers.
      weightLb: Math.round(packages.reduce((sum, p) => sum + p.weightLb, 0) * 100) / 100,
      reference,
      chargeCents: priced.accountCents,
      shipper: partyRecord(r.shipper, from),
      recipient: partyRecord(recipient, to),
    });
    deps.onScan(parcel);
    const document = {
      contentType: 'LABEL',
      docType: 'PDF',
      copiesToPrint: 1,
      ...(labelResponseOptions === 'LABEL'
        ? { encodedLabel: labelPdf(parcel).toString('base64') }
        : { url: `${deps.origin()}/labels/${parcel.trackingNumber}.pdf` }),
    };
    const cityMatches = recipient.address.city.trim().toUpperCase() === to.city;
    const alerts = cityMatches
      ? []
      : [{ code: 'SHIP.RECIPIENT.POSTALCITY.MISMATCH', alertType: 'NOTE', message: 'Recipient Postal-City Mismatch.' }];
    const charge = wireAmount(parcel.chargeCents);
    sendFedexOutput(res, req, {
      transactionShipments: [
        {
          masterTrackingNumber: parcel.trackingNumber,
          serviceType: parcel.serviceType,
          serviceName: parcel.serviceName,
          shipDatestamp: parcel.shipDate,
          serviceCategory: parcel.carrierCode === 'FDXG' ? 'GROUND' : 'EXPRESS',
          pieceResponses: [
            {
              trackingNumber: parcel.trackingNumber,
              masterTrackingNumber: parcel.trackingNumber,
              packageSequenceNumber: 1,
              netChargeAmount: charge,
              currency: 'USD',
              packageDocuments: [document],
              customerReferences: reference ? [{ customerReferenceType: 'CUSTOMER_REFERENCE', value: reference }] : [],
            },
          ],
          completedShipmentDetail: {
            carrierCode: parcel.carrierCode,
            masterTrackingId: {
              trackingIdType: parcel.carrierCode === 'FDXG' ? 'GROUND' : 'FEDEX',
              formId: '0430',
              trackingNumber: parcel.trackingNumber,
            },
            shipmentRating: {
              actualRateType: 'PAYOR_ACCOUNT_SHIPMENT',
              shipmentRateDetails: [{ rateType: 'PAYOR_ACCOUNT_SHIPMENT', totalNetCharge: charge, currency: 'USD' }],
            },
          },
          alerts,
        },
      ],
    });
  };

  const cancel: Handler = (req, res, body) => {
    const fail: Fail = (s, c, m) => sendFedexError(res, req, s, c, m);
    const parsed = cancelRequestSchema.safeParse(body);
    if (!parsed.success) return fail(400, 'INVALID.INPUT.EXCEPTION', invalidInput(parsed.error));
    if (parsed.data.accountNumber.value !== deps.accountNumber) {
      return fail(400, 'ACCOUNT.NUMBER.MISMATCH', 'The account number in the request does not match this project.');
    }
    const parcel = store.get(parsed.data.trackingNumber);
    if (!parcel) return fail(400, 'TRACKING.TRACKINGNUMBER.NOTFOUND', 'The tracking number could not be found.');
    if (parcel.scans[0]?.kind === 'cancelled') {
      return sendFedexOutput(res, req, {
        cancelledShipment: false,
        cancelledHistory: false,
        message: 'Shipment is already cancelled',
      });
    }
    // Only shipments FedEx does not have yet can be cancelled.
    if (parcel.scans.some((s) => s.kind !== 'created')) {
      return fail(
        400,
        'SHIPMENT.CANCEL.NOTALLOWED',
        'The shipment is already with FedEx and can no longer be cancelled.',
      );
    }
    const moved = store.move(parcel.trackingNumber, 'cancelled');
    if (moved.ok) deps.onScan(moved.parcel);
    sendFedexOutput(res, req, {
      cancelledShipment: true,
      cancelledHistory: true,
      message: 'Shipment is successfully cancelled',
      alerts: [],
    });
  };

  const track: Handler = (req, res, body) => {
    const fail: Fail = (s, c, m) => sendFedexError(res, req, s, c, m);
    const parsed = trackRequestSchema.safeParse(body);
    if (!parsed.success) return fail(400, 'INVALID.INPUT.EXCEPTION', invalidInput(parsed.error));
    const numbers = parsed.data.trackingInfo.map((t) => t.trackingNumberInfo.trackingNumber.trim());
    if (numbers.length === 0 || numbers.some((n) => n === '')) {
      return fail(400, 'TRACKING.TRACKINGNUMBER.EMPTY', 'Please provide tracking number.');
    }
    if (numbers.length > TRACK_MAX) {
      return fail(
        400,
        'TRACKING.TRACKINGNUMBER.LIMITEXCEEDED',
        `Please provide at most ${TRACK_MAX} tracking numbers.`,
      );
    }
    sendFedexOutput(res, req, {
      completeTrackResults: numbers.map((n) => {
        const parcel = /^\d{1,34}$/.test(n) ? store.get(n) : undefined;
        const result = parcel
          ? trackResultOf(parcel)
          : /^\d{1,34}$/.test(n)
            ? trackErrorResult(
                n,
                'TRACKING.TRACKINGNUMBER.NOTFOUND',
                "The tracking number you entered can't be found right now. Please check the number with the shipper or try again later.",
              )
            : trackErrorResult(n, 'TRACKING.TRACKINGNUMBER.INVALID', 'Please provide a valid tracking number.');
        return { trackingNumber: n, trackResults: [result] };
      }),
    });
  };

  const routes: Record<string, { method: string; scope: TokenScope; handle: Handler }> = {
    '/rate/v1/rates/quotes': { method: 'POST', scope: 'main', handle: rate },
    '/ship/v1/shipments': { method: 'POST', scope: 'main', handle: ship },
    '/ship/v1/shipments/cancel': { method: 'PUT', scope: 'main', handle: cancel },
    '/track/v1/trackingnumbers': { method: 'POST', scope: 'track', handle: track },
  };

  const oauth = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readText(req);
    if (!body.ok) return sendTooLarge(res, req);
    const form = new URLSearchParams(body.text);
    if (form.get('grant_type') !== 'client_credentials') {
      return sendFedexError(res, req, 400, 'BAD.REQUEST.ERROR', 'The grant type is missing or not supported.');
    }
    const issued = tokens.issue(form.get('client_id') ?? '', form.get('client_secret') ?? '');
    if (!issued) {
      return sendFedexError(
        res,
        req,
        401,
        'NOT.AUTHORIZED.ERROR',
        'The given client credentials were not valid. Please modify your request and try again.',
      );
    }
    sendJson(res, 200, {
      access_token: issued.accessToken,
      token_type: 'bearer',
      expires_in: issued.expiresIn,
      scope: 'CXS',
    });
  };

  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> => {
    if (pathname === '/oauth/token' && req.method === 'POST') {
      await oauth(req, res);
      return true;
    }
    const label = /^\/labels\/(\d{12})\.pdf$/.exec(pathname);
    if (label && req.method === 'GET') {
      req.resume();
      const parcel = store.get(label[1]!);
      if (!parcel) sendFedexError(res, req, 404, 'NOT.FOUND.ERROR', 'The requested label does not exist.');
      else res.writeHead(200, { 'content-type': 'application/pdf' }).end(labelPdf(parcel));
      return true;
    }
    const route = Object.hasOwn(routes, pathname) ? routes[pathname] : undefined;
    if (!route) return false;
    if (req.method !== route.method) {
      req.resume();
      sendFedexError(res, req, 405, 'METHOD.NOT.ALLOWED', `Use ${route.method} for this resource.`, {
        allow: route.method,
      });
      return true;
    }
    const auth = tokens.check(req.headers.authorization, route.scope);
    if (!auth.ok) {
      req.resume();
      sendFedexError(res, req, auth.status, auth.code, auth.message);
      return true;
    }
    const body = await readText(req);
    if (!body.ok) {
      sendTooLarge(res, req);
      return true;
    }
    const json = parseJson(body.text);
    if (json === undefined || typeof json !== 'object' || json === null) {
      sendFedexError(res, req, 400, 'INVALID.INPUT.EXCEPTION', 'The request body is not a JSON object.');
      return true;
    }
    route.handle(req, res, json);
    return true;
  };
}

function partyRecord(
  p: {
    contact: { personName?: string; companyName?: string; phoneNumber: string };
    address: { streetLines: string[]; residential?: boolean };
  },
  place: ZipPlace,
) {
  return {
    name: p.contact.personName || p.contact.companyName || '',
    phone: p.contact.phoneNumber,
    streetLines: p.address.streetLines,
    place,
    residential: p.address.residential ?? false,
  };
}
