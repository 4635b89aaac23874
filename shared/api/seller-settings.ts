import * as z from 'zod/mini';
import {
  BUSINESS_NAME_MAX,
  BUSINESS_NAME_TEXTS,
  BUSINESS_TYPES,
  TAX_ID_MAX,
  TAX_ID_TEXTS,
  businessNameProblem,
  taxIdProblem,
  type SellerSettings,
} from '../domain/seller-settings';
import { defineContract } from './contract';
import '../zod-locale';

/** The seller portal's Settings tab (decision 057): read and saved whole, by the signed-in user only. */

const toggle = z.boolean('Choose on or off.');

/** The body of a save: every setting, checked like the tab checks it (the same words). */
export const sellerSettingsSchema = z.strictObject({
  notifications: z.strictObject({
    newMessages: toggle,
    newOffers: toggle,
    salesUpdates: toggle,
    weeklyReports: toggle,
  }),
  privacy: z.strictObject({ showEmail: toggle, showPhone: toggle, allowDirectContact: toggle }),
  business: z
    .strictObject({
      businessType: z.enum(BUSINESS_TYPES, 'Choose individual, business or corporation.'),
      businessName: z.string().check(z.trim(), z.maxLength(BUSINESS_NAME_MAX, BUSINESS_NAME_TEXTS.tooLong)),
      taxId: z.string().check(z.trim(), z.maxLength(TAX_ID_MAX, TAX_ID_TEXTS.shape)),
    })
    .check(
      z.superRefine((b, ctx) => {
        const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
        const name = businessNameProblem(b.businessName);
        if (name) issue('businessName', name);
        else if (b.businessType !== 'individual' && b.businessName === '') {
          issue('businessName', BUSINESS_NAME_TEXTS.required);
        }
        const taxId = taxIdProblem(b.taxId);
        if (taxId) issue('taxId', taxId);
      }),
    ),
}) satisfies z.ZodMiniType<SellerSettings, unknown>;

/** The settings as saved (the defaults of decision 057 when the user never saved). */
export const sellerSettingsViewSchema = z.object({
  notifications: z.object({
    newMessages: z.boolean(),
    newOffers: z.boolean(),
    salesUpdates: z.boolean(),
    weeklyReports: z.boolean(),
  }),
  privacy: z.object({ showEmail: z.boolean(), showPhone: z.boolean(), allowDirectContact: z.boolean() }),
  business: z.object({
    businessType: z.enum(BUSINESS_TYPES),
    businessName: z.string(),
    taxId: z.string(),
  }),
});

export const getSellerSettings = defineContract({
  method: 'GET',
  path: '/api/me/seller-settings',
  response: sellerSettingsViewSchema,
});

/** Save Settings: replaces every setting (a retry writes the same again). */
export const saveSellerSettings = defineContract({
  method: 'PUT',
  path: '/api/me/seller-settings',
  body: sellerSettingsSchema,
  response: sellerSettingsViewSchema,
});
