import * as z from 'zod/mini';

/**
 * The parts of FedEx's requests the stand-in reads, as FedEx's OpenAPI files require them. FedEx's own examples send
 * numbers both as JSON numbers and as strings, so both are taken.
 */
const numberish = z.union([
  z.number(),
  z.pipe(z.string().check(z.trim(), z.regex(/^\d+(?:\.\d+)?$/)), z.transform(Number)),
]);
const postalCode = z.union([z.string(), z.pipe(z.number().check(z.int()), z.transform(String))]);
const date = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
/** At most `max` characters. */
const upTo = (max: number) => z.string().check(z.maxLength(max));
const countryCode = z.string().check(z.length(2));

const accountNumber = z.object({ value: upTo(9) });

const rateAddress = z.object({
  postalCode,
  countryCode,
  stateOrProvinceCode: z.optional(upTo(2)),
  city: z.optional(upTo(35)),
  residential: z.optional(z.boolean()),
});

export const packageLineSchema = z.object({
  weight: z.object({ units: z.enum(['LB', 'KG']), value: numberish }),
  dimensions: z.optional(
    z.object({ length: numberish, width: numberish, height: numberish, units: z.enum(['IN', 'CM']) }),
  ),
  customerReferences: z.optional(z.array(z.object({ customerReferenceType: z.string(), value: upTo(40) }))),
});
const packageLines = z.array(packageLineSchema).check(z.minLength(1), z.maxLength(99));
export type PackageLine = z.infer<typeof packageLineSchema>;

const pickupType = z.enum(['DROPOFF_AT_FEDEX_LOCATION', 'USE_SCHEDULED_PICKUP', 'CONTACT_FEDEX_TO_SCHEDULE']);

export const rateRequestSchema = z.object({
  accountNumber,
  rateRequestControlParameters: z.optional(z.object({ returnTransitTimes: z.optional(z.boolean()) })),
  requestedShipment: z.object({
    shipper: z.object({ address: rateAddress }),
    recipient: z.object({ address: rateAddress }),
    pickupType,
    serviceType: z.optional(z.string()),
    packagingType: z.optional(z.string()),
    rateRequestType: z.optional(z.array(z.string())),
    shipDateStamp: z.optional(date),
    requestedPackageLineItems: packageLines,
  }),
});

const party = z.object({
  contact: z
    .object({
      personName: z.optional(upTo(70)),
      companyName: z.optional(upTo(35)),
      phoneNumber: z.string().check(z.regex(/^\+?1?\d{10}$/)),
    })
    .check(z.refine((c) => !!(c.personName || c.companyName), 'personName or companyName')),
  address: z.object({
    streetLines: z.array(upTo(35)).check(z.minLength(1), z.maxLength(3)),
    city: z.string().check(z.minLength(1), z.maxLength(35)),
    stateOrProvinceCode: z.optional(upTo(2)),
    postalCode,
    countryCode,
    residential: z.optional(z.boolean()),
  }),
});
export type Party = z.infer<typeof party>;

export const shipRequestSchema = z.object({
  labelResponseOptions: z.enum(['URL_ONLY', 'LABEL']),
  accountNumber,
  requestedShipment: z.object({
    shipDatestamp: z.optional(date),
    shipper: party,
    recipients: z.array(party).check(z.minLength(1)),
    serviceType: z.string(),
    packagingType: z.string(),
    pickupType,
    shippingChargesPayment: z.object({ paymentType: z.enum(['SENDER', 'RECIPIENT', 'THIRD_PARTY', 'COLLECT']) }),
    labelSpecification: z.object({ imageType: z.enum(['PDF', 'PNG', 'ZPLII', 'EPL2']), labelStockType: z.string() }),
    totalWeight: z.optional(numberish),
    requestedPackageLineItems: packageLines,
  }),
});

export const cancelRequestSchema = z.object({
  accountNumber,
  trackingNumber: z.string().check(z.minLength(1), z.maxLength(40)),
  senderCountryCode: z.optional(z.string()),
  deletionControl: z.optional(z.string()),
});

export const trackRequestSchema = z.object({
  includeDetailedScans: z.boolean(),
  trackingInfo: z.array(z.object({ trackingNumberInfo: z.object({ trackingNumber: upTo(40) }) })),
});

/** A zod failure as FedEx-style words naming the first bad field (never the value). */
export function invalidInput(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  const at = issue?.path.length ? issue.path.join('.') : 'the request';
  return `Invalid field value in the input: ${at}.`;
}
