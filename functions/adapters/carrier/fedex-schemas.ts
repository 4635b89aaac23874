import { z } from 'zod';

/**
 * FedEx's answers as far as we read them (CARRIER-NOTES.md; field names as FedEx spells them, quirks included). FedEx
 * may send null for absent fields, so optional fields are nullish; unknown fields are dropped.
 */
const text = z.string().nullish();
/** Amounts are JSON numbers in FedEx's answers; FedEx's own examples sometimes write numbers as strings. */
const amount = z.union([z.number(), z.string()]).nullish();

export const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().nullish(),
  expires_in: z.number().int().positive(),
});

export const errorBodySchema = z.object({
  transactionId: text,
  errors: z.array(z.object({ code: z.string().min(1), message: z.string().nullish() })).min(1),
});

/** Every JSON answer wraps its result in `output`. */
export const outputSchema = z.object({ transactionId: text, output: z.record(z.string(), z.unknown()) });

export const ratedShipmentDetailSchema = z.object({
  rateType: text,
  totalNetCharge: amount,
  totalNetChargeWithDutiesAndTaxes: amount,
  // Undeclared in the OpenAPI file but present in real answers; shipmentRateDetail.currency is the declared one.
  currency: text,
  shipmentRateDetail: z.object({ currency: text }).nullish(),
});

export const rateReplyDetailSchema = z.object({
  serviceType: z.string().min(1),
  serviceName: text,
  ratedShipmentDetails: z.array(ratedShipmentDetailSchema).nullish(),
  commit: z
    .object({
      dateDetail: z.object({ dayOfWeek: text, dayFormat: text }).nullish(),
      transitDays: z.object({ minimumTransitTime: text, description: text }).nullish(),
    })
    .nullish(),
  operationalDetail: z.object({ deliveryDate: text, deliveryDay: text, transitTime: text }).nullish(),
});

export const rateOutputSchema = z.object({ rateReplyDetails: z.array(z.unknown()).nullish() });

const labelDocumentSchema = z.object({ contentType: text, docType: text, url: text, encodedLabel: text });

export const shipOutputSchema = z.object({
  transactionShipments: z
    .array(
      z.object({
        masterTrackingNumber: text,
        serviceType: text,
        serviceName: text,
        pieceResponses: z
          .array(
            z.object({
              trackingNumber: text,
              netChargeAmount: amount,
              currency: text,
              packageDocuments: z.array(labelDocumentSchema).nullish(),
            }),
          )
          .nullish(),
        shipmentDocuments: z.array(labelDocumentSchema).nullish(),
        completedShipmentDetail: z
          .object({
            masterTrackingId: z.object({ trackingNumber: text }).nullish(),
            shipmentRating: z
              .object({
                shipmentRateDetails: z
                  .array(z.object({ rateType: text, totalNetCharge: amount, currency: text }))
                  .nullish(),
              })
              .nullish(),
          })
          .nullish(),
      }),
    )
    .min(1),
});

export const cancelOutputSchema = z.object({
  cancelledShipment: z.boolean(),
  message: text,
  // Seen instead of `message` in some answers.
  successMessage: text,
});

const addressSchema = z
  .object({ city: text, stateOrProvinceCode: text, postalCode: text, countryCode: text })
  .nullish();

const scanEventSchema = z.object({
  date: text,
  eventType: text,
  eventDescription: text,
  derivedStatusCode: text,
  derivedStatus: text,
  exceptionCode: text,
  exceptionDescription: text,
  scanLocation: addressSchema,
});

export const trackResultSchema = z.object({
  trackingNumberInfo: z.object({ trackingNumber: text }).nullish(),
  latestStatusDetail: z
    .object({ code: text, derivedCode: text, statusByLocale: text, description: text, scanLocation: addressSchema })
    .nullish(),
  dateAndTimes: z.array(z.object({ type: z.string(), dateTime: text })).nullish(),
  scanEvents: z.array(scanEventSchema).nullish(),
  deliveryDetails: z.object({ actualDeliveryAddress: addressSchema }).nullish(),
  recipientInformation: z.object({ address: addressSchema }).nullish(),
  destinationLocation: z
    .object({ locationContactAndAddress: z.object({ address: addressSchema }).nullish() })
    .nullish(),
  lastUpdatedDestinationAddress: addressSchema,
  // Present when the parcel is being returned; its contents do not matter to us.
  returnDetail: z.unknown().optional(),
  error: z.object({ code: z.string(), message: text }).nullish(),
});
export type FedexTrackResult = z.infer<typeof trackResultSchema>;
export type FedexAddress = z.infer<typeof addressSchema>;

export const trackOutputSchema = z.object({
  completeTrackResults: z.array(z.object({ trackingNumber: text, trackResults: z.array(z.unknown()).nullish() })),
});
