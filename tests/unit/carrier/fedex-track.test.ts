import { describe, expect, it } from 'vitest';
import { fedexTimeToIso, toTrackResults } from '../../../functions/adapters/carrier/fedex-track';
import { CarrierError } from '../../../functions/core/shipping/carrier-error';

const one = (trackingNumber: string, ...trackResults: unknown[]) => ({
  completeTrackResults: [{ trackingNumber, trackResults }],
});
const trackOne = (result: unknown) => toTrackResults(['794973665316'], one('794973665316', result))[0]!;

/** CARRIER-NOTES.md's delivered example, in FedEx's shape. */
const delivered = {
  trackingNumberInfo: {
    trackingNumber: '794973665316',
    trackingNumberUniqueId: '2461000000~794973665316~FX',
    carrierCode: 'FDXG',
  },
  latestStatusDetail: {
    code: 'DL',
    derivedCode: 'DL',
    statusByLocale: 'Delivered',
    description: 'Delivered',
    scanLocation: { city: 'IRVING', stateOrProvinceCode: 'TX', countryCode: 'US', residential: false },
  },
  dateAndTimes: [
    { type: 'ACTUAL_DELIVERY', dateTime: '2026-11-25T14:02:00-06:00' },
    { type: 'ACTUAL_PICKUP', dateTime: '2026-11-23T16:05:00-06:00' },
    { type: 'SHIP', dateTime: '2026-11-23T00:00:00-06:00' },
  ],
  deliveryDetails: {
    receivedByName: 'B.BUYER',
    locationType: 'RESIDENCE',
    deliveryAttempts: '0',
    actualDeliveryAddress: { city: 'IRVING', stateOrProvinceCode: 'TX', countryCode: 'US', residential: true },
  },
  recipientInformation: {
    address: { city: 'IRVING', stateOrProvinceCode: 'TX', countryCode: 'US', postalCode: '75063' },
  },
  scanEvents: [
    {
      date: '2026-11-25T14:02:00-06:00',
      eventType: 'DL',
      eventDescription: 'Delivered',
      derivedStatusCode: 'DL',
      derivedStatus: 'Delivered',
      exceptionCode: '',
      exceptionDescription: '',
      scanLocation: { city: 'IRVING', stateOrProvinceCode: 'TX', countryCode: 'US' },
    },
    {
      date: '2026-11-25T08:40:00-06:00',
      eventType: 'OD',
      eventDescription: 'On FedEx vehicle for delivery',
      derivedStatusCode: 'IT',
      derivedStatus: 'In transit',
    },
    {
      date: '2026-11-23T16:05:00-06:00',
      eventType: 'PU',
      eventDescription: 'Picked up',
      derivedStatusCode: 'PU',
      derivedStatus: 'Picked up',
    },
    {
      date: '2026-11-23T10:36:00-06:00',
      eventType: 'OC',
      eventDescription: 'Shipment information sent to FedEx',
      derivedStatusCode: 'IN',
      derivedStatus: 'Label created',
    },
  ],
  availableImages: [{ type: 'SIGNATURE_PROOF_OF_DELIVERY' }],
};

describe('FedEx Track results', () => {
  it('reads a delivery: status, ACTUAL_DELIVERY in UTC, where it went, and every scan newest first', () => {
    const result = trackOne(delivered);
    expect(result).toMatchObject({
      trackingNumber: '794973665316',
      found: true,
      status: 'delivered',
      statusCode: 'DL',
      statusDescription: 'Delivered',
      deliveredAt: '2026-11-25T20:02:00.000Z',
      // The ship day's midnight and the pickup, in UTC: what a claim is checked against (parcel-evidence.ts).
      shipDate: '2026-11-23T06:00:00.000Z',
      pickedUpAt: '2026-11-23T22:05:00.000Z',
      destination: { city: 'IRVING', state: 'TX', zip: '75063', country: 'US' },
      deliveredTo: { city: 'IRVING', state: 'TX', zip: null, country: 'US' },
      returnedToShipper: false,
    });
    if (!result.found) throw new Error('expected a tracked shipment');
    expect(result.events.map((e) => [e.code, e.status, e.at])).toEqual([
      ['DL', 'delivered', '2026-11-25T20:02:00.000Z'],
      // Out for delivery comes as eventType OD with derivedStatusCode IT: the event type decides.
      ['OD', 'out_for_delivery', '2026-11-25T14:40:00.000Z'],
      ['PU', 'picked_up', '2026-11-23T22:05:00.000Z'],
      ['OC', 'pending', '2026-11-23T16:36:00.000Z'],
    ]);
    expect(result.events[0]!.location).toEqual({ city: 'IRVING', state: 'TX', zip: null, country: 'US' });
  });

  it('has no delivery time while FedEx gives no ACTUAL_DELIVERY, whatever the status says', () => {
    const result = trackOne({
      ...delivered,
      dateAndTimes: [{ type: 'ESTIMATED_DELIVERY', dateTime: '2026-11-26T20:00:00-06:00' }],
    });
    expect(result).toMatchObject({
      status: 'delivered',
      deliveredAt: null,
      estimatedDeliveryAt: '2026-11-27T02:00:00.000Z',
      shipDate: null,
      pickedUpAt: null,
    });
  });

  it('flags a parcel that went back to the shipper, even when its last scan is a delivery', () => {
    const back = {
      ...delivered,
      deliveryDetails: { actualDeliveryAddress: { city: 'MEMPHIS', stateOrProvinceCode: 'TN', countryCode: 'US' } },
      scanEvents: [
        delivered.scanEvents[0],
        {
          date: '2026-11-24T09:00:00-06:00',
          eventType: 'RS',
          derivedStatusCode: 'RS',
          eventDescription: 'Return to shipper',
        },
        ...delivered.scanEvents.slice(2),
      ],
    };
    expect(trackOne(back)).toMatchObject({
      status: 'delivered',
      returnedToShipper: true,
      deliveredTo: { city: 'MEMPHIS', state: 'TN' },
    });
    // Only a returnDetail (a return asked for) counts too; an empty one does not.
    expect(trackOne({ ...delivered, returnDetail: { reasonDetail: [{ description: 'Refused' }] } })).toMatchObject({
      returnedToShipper: true,
    });
    expect(trackOne({ ...delivered, returnDetail: {} })).toMatchObject({ returnedToShipper: false });
    expect(
      trackOne({ latestStatusDetail: { code: 'RS', description: 'Returning package to shipper' }, scanEvents: [] }),
    ).toMatchObject({ status: 'returning', returnedToShipper: true });
  });

  it.each([
    ['OC', 'IN', 'pending'],
    ['PU', 'PU', 'picked_up'],
    ['AR', 'IT', 'in_transit'],
    ['FD', 'RL', 'in_transit'],
    ['OD', 'OD', 'out_for_delivery'],
    ['DE', 'DE', 'exception'],
    ['SE', 'SE', 'exception'],
    ['HP', 'HP', 'held'],
    ['RS', 'RS', 'returning'],
    ['CA', 'CA', 'cancelled'],
    ['ZZ', 'DY', 'exception'],
    ['ZZ', 'QQ', 'unknown'],
  ])('maps latest code %s (derived %s) to %s', (code, derivedCode, status) => {
    expect(trackOne({ latestStatusDetail: { code, derivedCode }, scanEvents: [] })).toMatchObject({
      status,
      statusCode: code,
    });
  });

  it('sorts scans by time (webhooks and merges arrive out of order) and reads times without an offset as UTC', () => {
    const result = trackOne({
      latestStatusDetail: { code: 'IT' },
      scanEvents: [
        { date: '2024-08-15T00:00:00', eventType: 'PU' },
        { date: '2024-08-16T10:00:00+0530', eventType: 'AR' },
        { date: 'yesterday', eventType: 'OC' },
      ],
    });
    if (!result.found) throw new Error('expected a tracked shipment');
    expect(result.events.map((e) => [e.code, e.at])).toEqual([
      ['AR', '2024-08-16T04:30:00.000Z'],
      ['PU', '2024-08-15T00:00:00.000Z'],
      ['OC', null],
    ]);
    expect(fedexTimeToIso('2026-11-25T14:02:00Z')).toBe('2026-11-25T14:02:00.000Z');
    expect(fedexTimeToIso('2026-13-45T99:00:00')).toBeNull();
  });

  it('takes the result with the newest scan when FedEx has several for one number', () => {
    const old = {
      latestStatusDetail: { code: 'DL' },
      scanEvents: [{ date: '2019-01-02T10:00:00-05:00', eventType: 'DL' }],
    };
    const current = {
      latestStatusDetail: { code: 'IT' },
      scanEvents: [{ date: '2026-11-24T10:00:00-05:00', eventType: 'AR' }],
    };
    expect(toTrackResults(['794973665316'], one('794973665316', old, current))[0]).toMatchObject({
      status: 'in_transit',
    });
    expect(toTrackResults(['794973665316'], one('794973665316', current, old))[0]).toMatchObject({
      status: 'in_transit',
    });
  });

  it('refuses an answer that lacks a number asked for or holds a result it cannot read', () => {
    expect(() => toTrackResults(['111111111111'], one('794973665316', delivered))).toThrow(CarrierError);
    expect(() => toTrackResults(['794973665316'], one('794973665316', { scanEvents: 'none' }))).toThrow(CarrierError);
    expect(() => toTrackResults(['794973665316'], { completeTrackResults: 'x' })).toThrow(CarrierError);
  });
});
