/**
 * The seller portal's Settings tab (spec part 3 "Seller portal" and constants "Seller settings"; decision 057): which
 * notifications reach the user, what the store page shows of them, and their business details. Shared by the server's
 * rules and the tab, so both refuse the same input with the same words.
 */

export const NOTIFICATION_TOGGLES = ['newMessages', 'newOffers', 'salesUpdates', 'weeklyReports'] as const;
export type NotificationToggle = (typeof NOTIFICATION_TOGGLES)[number];

export const PRIVACY_TOGGLES = ['showEmail', 'showPhone', 'allowDirectContact'] as const;
export type PrivacyToggle = (typeof PRIVACY_TOGGLES)[number];

export const BUSINESS_TYPES = ['individual', 'business', 'corporation'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export interface SellerSettings {
  notifications: Record<NotificationToggle, boolean>;
  privacy: Record<PrivacyToggle, boolean>;
  business: { businessType: BusinessType; businessName: string; taxId: string };
}

/**
 * What a user who never saved has (decision 057): every notification but the weekly report (a summary nobody asked
 * for is noise), nothing of their contact details shown, direct messages accepted, an individual without details.
 */
export const DEFAULT_SELLER_SETTINGS: SellerSettings = {
  notifications: { newMessages: true, newOffers: true, salesUpdates: true, weeklyReports: false },
  privacy: { showEmail: false, showPhone: false, allowDirectContact: true },
  business: { businessType: 'individual', businessName: '', taxId: '' },
};

export const TOGGLE_TEXTS: Record<NotificationToggle | PrivacyToggle, { label: string; hint: string }> = {
  newMessages: { label: 'New messages', hint: 'When someone sends you a message.' },
  newOffers: { label: 'New offers', hint: 'When someone makes, counters or answers an offer.' },
  salesUpdates: {
    label: 'Sales updates',
    hint: 'Orders paid, delivered and released. Issues, returns, refunds and ship-by reminders always reach you.',
  },
  weeklyReports: { label: 'Weekly reports', hint: "Each Monday, last week's sales, revenue, offers and messages." },
  showEmail: { label: 'Show email on my store page', hint: 'The email address of your profile.' },
  showPhone: { label: 'Show phone on my store page', hint: 'The phone number of your profile.' },
  allowDirectContact: {
    label: 'Allow direct contact',
    hint: 'Buyers can start conversations from your listings and store. Conversations about orders always stay open.',
  },
};

export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  individual: 'Individual',
  business: 'Business',
  corporation: 'Corporation',
};

export const SELLER_SETTINGS_TEXTS = {
  saved: 'Settings Saved',
  saveFailed: ['Error', 'Failed to save changes. Please try again.'],
  /** The refusal of a new conversation with a seller who turned direct contact off. */
  directContactOff: 'This seller does not accept direct messages.',
} as const;

export const BUSINESS_NAME_MAX = 100;
export const TAX_ID_MAX = 11;

/** Letters and marks of any script, digits, spaces and the punctuation of company names ("Smith & Sons, Inc."). */
const BUSINESS_NAME_CHARS = /^[\p{L}\p{M}\p{N} .,&'’()\-/#+@!]*$/u;

export const BUSINESS_NAME_TEXTS = {
  required: 'Please enter your business name.',
  tooLong: `Business name can be at most ${BUSINESS_NAME_MAX} characters.`,
  chars: "Business name can use letters, numbers, spaces and . , & ' ( ) - / # + @ !",
  noLetter: 'Business name needs at least one letter or number.',
} as const;

/** Why a (trimmed) business name is refused, or null; empty is allowed here (the business type may require one). */
export function businessNameProblem(name: string): string | null {
  if (name.length > BUSINESS_NAME_MAX) return BUSINESS_NAME_TEXTS.tooLong;
  if (!BUSINESS_NAME_CHARS.test(name)) return BUSINESS_NAME_TEXTS.chars;
  if (name !== '' && !/[\p{L}\p{N}]/u.test(name)) return BUSINESS_NAME_TEXTS.noLetter;
  return null;
}

export const TAX_ID_TEXTS = {
  shape: 'Enter the tax ID as an EIN (12-3456789) or an SSN or ITIN (123-45-6789).',
  invalid: 'This is not a valid EIN, SSN or ITIN.',
} as const;

/** The IRS's EIN prefixes (campus codes); others are never issued. */
const EIN_PREFIXES = new Set(
  [
    [1, 6],
    [10, 16],
    [20, 27],
    [30, 39],
    [40, 48],
    [50, 68],
    [71, 77],
    [80, 88],
    [90, 95],
    [98, 99],
  ].flatMap(([from, to]) => Array.from({ length: to! - from! + 1 }, (_, i) => from! + i)),
);

const validEin = (digits: string) => EIN_PREFIXES.has(Number(digits.slice(0, 2)));

/** SSN: area not 000, 666 or 9xx, group not 00, serial not 0000; ITIN: 9xx with group 50-65, 70-88, 90-92, 94-99. */
function validSsnOrItin(digits: string): boolean {
  const [area, group, serial] = [Number(digits.slice(0, 3)), Number(digits.slice(3, 5)), Number(digits.slice(5))];
  if (serial === 0 || group === 0) return false;
  if (area >= 900) return (group >= 50 && group <= 65) || (group >= 70 && group <= 88) || (group >= 90 && group !== 93);
  return area !== 0 && area !== 666;
}

/**
 * Why a (trimmed) tax ID is refused, or null (decision 057): empty, or a US EIN (12-3456789), SSN or ITIN (123-45-6789)
 * with its hyphens or as nine digits, whose number could be issued.
 */
export function taxIdProblem(taxId: string): string | null {
  if (taxId === '') return null;
  const ein = /^\d{2}-\d{7}$/.test(taxId);
  const ssn = /^\d{3}-\d{2}-\d{4}$/.test(taxId);
  const bare = /^\d{9}$/.test(taxId);
  if (!ein && !ssn && !bare) return TAX_ID_TEXTS.shape;
  const digits = taxId.replaceAll('-', '');
  const valid = ein ? validEin(digits) : ssn ? validSsnOrItin(digits) : validEin(digits) || validSsnOrItin(digits);
  return valid ? null : TAX_ID_TEXTS.invalid;
}
