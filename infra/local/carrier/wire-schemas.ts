import { z } from 'zod';

/**
 * The parts of FedEx's requests the stand-in reads, as FedEx's OpenAPI files require them. FedEx's own examples send
 * numbers both as JSON numbers and as strings, so both are taken.
 */
const numberish = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^\d+(?:\.\d+)?$/)
    .transform(Number),
]);
const postalCode = z.union([z.string(), z.number().int().transform(String)]);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const accountNumber = z.object({ value: z.string().max(9) });

const rateAddress = z.object({
  postalCode,
  countryCode: z.string().length(2),
  stateOrProvinceCode: z.string().max(2).optional(),
  city: z.string().max(35).optional(),
  residential: z.boolean().optional(),
});

export const packageLineSchema = z.object({
  weight: z.object({ units: z.enum(['LB', 'KG']), value: numberish }),
  dimensions: z
    .object({ length: numberish, width: numberish, height: numberish, units: z.enum(['IN', 'CM']) })
    .optional(),
  customerReferences: z.array(z.object({ customerReferenceType: z.string(), value: z.string().max(40) })).optional(),
});
export type PackageLine = z.infer<typeof packageLineSchema>;

const pickupType = z.enum(['DROPOFF_AT_FEDEX_LOCATION', 'USE_SCHEDULED_PICKUP', 'CONTACT_FEDEX_TO_SCHEDULE']);

export const rateRequestSchema = z.object({
  accountNumber,
  rateRequestControlParameters: z.object({ returnTransitTimes: z.boolean().optional() }).optional(),
  requestedShipment: z.object({
    shipper: z.object({ address: rateAddress }),
    recipient: z.object({ address: rateAddress }),
    pickupType,
    serviceType: z.string().optional(),
    packagingType: z.string().optional(),
    rateRequestType: z.array(z.string()).optional(),
    shipDateStamp: date.optional(),
    requestedPackageLineItems: z.array(packageLineSchema).min(1).max(99),
  }),
});

const party = z.object({
  contact: z
    .object({
      personName: z.string().max(70).optional(),
      companyName: z.string().max(35).optional(),
      phoneNumber: z.string().regex(/^\+?1?\d{10}$/),
    })
    .refine((c) => !!(c.personName || c.companyName), 'personName or companyName'),
  address: z.object({
    streetLines: z.array(z.string().max(35)).min(1).max(3),
    city: z.string().min(1).max(35),
    stateOrProvinceCode: z.string().max(2).optional(),
    postalCode,
    countryCode: z.string().length(2),
    residential: z.boolean().optional(),
  }),
});
export type Party = z.infer<typeof party>;

export const shipRequestSchema = z.object({
  labelResponseOptions: z.enum(['URL_ONLY', 'LABEL']),
  accountNumber,
  requestedShipment: z.object({
    shipDatestamp: date.optional(),
    shipper: party,
    recipients: z.array(party).min(1),
    serviceType: z.string(),
    packagingType: z.string(),
    pickupType,
    shippingChargesPayment: z.object({ paymentType: z.enum(['SENDER', 'RECIPIENT', 'THIRD_PARTY', 'COLLECT']) }),
    labelSpecification: z.object({ imageType: z.enum(['PDF', 'PNG', 'ZPLII', 'EPL2']), labelStockType: z.string() }),
    totalWeight: numberish.optional(),
    requestedPackageLineItems: z.array(packageLineSchema).min(1).max(99),
  }),
});

export const cancelRequestSchema = z.object({
  accountNumber,
  trackingNumber: z.string().min(1).max(40),
  senderCountryCode: z.string().optional(),
  deletionControl: z.string().optional(),
});

export const trackRequestSchema = z.object({
  includeDetailedScans: z.boolean(),
  trackingInfo: z.array(z.object({ trackingNumberInfo: z.object({ trackingNumber: z.string().max(40) }) })),
});

/** A zod failure as FedEx-style words naming the first bad field (never the value). */
export function invalidInput(error: z.ZodError): string {
  const issue = error.issues[0];
  const at = issue?.path.length ? issue.path.join('.') : 'the request';
  return `Invalid field value in the input: ${at}.`;
}
