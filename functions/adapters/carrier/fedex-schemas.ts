import * as z from 'zod/mini';

/**
 * FedEx's answers as far as we read them (CARRIER-NOTES.md; field names as FedEx spells them, quirks included). FedEx
 * may send null for absent fields, so optional fields are nullish; unknown fields are dropped.
 */
const text = z.nullish(z.string());
/** Amounts are JSON numbers in FedEx's answers; FedEx's own examples sometimes write numbers as strings. */
const amount = z.nullish(z.union([z.number(), z.string()]));

export const tokenSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  token_type: text,
  expires_in: z.number().check(z.int(), z.positive()),
});

export const errorBodySchema = z.object({
  transactionId: text,
  errors: z.array(z.object({ code: z.string().check(z.minLength(1)), message: text })).check(z.minLength(1)),
});

/** Every JSON answer wraps its result in `output`. */
export const outputSchema = z.object({ transactionId: text, output: z.record(z.string(), z.unknown()) });

export const ratedShipmentDetailSchema = z.object({
  rateType: text,
  totalNetCharge: amount,
  totalNetChargeWithDutiesAndTaxes: amount,
  // Undeclared in the OpenAPI file but present in real answers; shipmentRateDetail.currency is the declared one.
  currency: text,
  shipmentRateDetail: z.nullish(z.object({ currency: text })),
});

export const rateReplyDetailSchema = z.object({
  serviceType: z.string().check(z.minLength(1)),
  serviceName: text,
  ratedShipmentDetails: z.nullish(z.array(ratedShipmentDetailSchema)),
  commit: z.nullish(
    z.object({
      dateDetail: z.nullish(z.object({ dayOfWeek: text, dayFormat: text })),
      transitDays: z.nullish(z.object({ minimumTransitTime: text, description: text })),
    }),
  ),
  operationalDetail: z.nullish(z.object({ deliveryDate: text, deliveryDay: text, transitTime: text })),
});

export const rateOutputSchema = z.object({ rateReplyDetails: z.nullish(z.array(z.unknown())) });

const labelDocumentSchema = z.object({ contentType: text, docType: text, url: text, encodedLabel: text });

export const shipOutputSchema = z.object({
  transactionShipments: z
    .array(
      z.object({
        masterTrackingNumber: text,
        serviceType: text,
        serviceName: text,
        pieceResponses: z.nullish(
          z.array(
            z.object({
              trackingNumber: text,
              netChargeAmount: amount,
              currency: text,
              packageDocuments: z.nullish(z.array(labelDocumentSchema)),
            }),
          ),
        ),
        shipmentDocuments: z.nullish(z.array(labelDocumentSchema)),
        completedShipmentDetail: z.nullish(
          z.object({
            masterTrackingId: z.nullish(z.object({ trackingNumber: text })),
            shipmentRating: z.nullish(
              z.object({
                shipmentRateDetails: z.nullish(
                  z.array(z.object({ rateType: text, totalNetCharge: amount, currency: text })),
                ),
              }),
            ),
          }),
        ),
      }),
    )
    .check(z.minLength(1)),
});

export const cancelOutputSchema = z.object({
  cancelledShipment: z.boolean(),
  message: text,
  // Seen instead of `message` in some answers.
  successMessage: text,
});

const addressSchema = z.nullish(
  z.object({ city: text, stateOrProvinceCode: text, postalCode: text, countryCode: text }),
);

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
  trackingNumberInfo: z.nullish(z.object({ trackingNumber: text })),
  latestStatusDetail: z.nullish(
    z.object({ code: text, derivedCode: text, statusByLocale: text, description: text, scanLocation: addressSchema }),
  ),
  dateAndTimes: z.nullish(z.array(z.object({ type: z.string(), dateTime: text }))),
  scanEvents: z.nullish(z.array(scanEventSchema)),
  deliveryDetails: z.nullish(z.object({ actualDeliveryAddress: addressSchema })),
  recipientInformation: z.nullish(z.object({ address: addressSchema })),
  destinationLocation: z.nullish(
    z.object({ locationContactAndAddress: z.nullish(z.object({ address: addressSchema })) }),
  ),
  lastUpdatedDestinationAddress: addressSchema,
  // Present when the parcel is being returned; its contents do not matter to us.
  returnDetail: z.optional(z.unknown()),
  error: z.nullish(z.object({ code: z.string(), message: text })),
});
export type FedexTrackResult = z.infer<typeof trackResultSchema>;
export type FedexAddress = z.infer<typeof addressSchema>;

export const trackOutputSchema = z.object({
  completeTrackResults: z.array(z.object({ trackingNumber: text, trackResults: z.nullish(z.array(z.unknown())) })),
});
