import { describe, expect, it } from 'vitest';
import { getSellerSettings } from '../../../../functions/core/seller-settings/get-seller-settings';
import { nextReportWeek, saveSellerSettings } from '../../../../functions/core/seller-settings/save-seller-settings';
import { storeContact } from '../../../../functions/core/seller-settings/store-contact';
import { sellerSettingsSchema } from '../../../../shared/api/seller-settings';
import {
  BUSINESS_NAME_TEXTS,
  DEFAULT_SELLER_SETTINGS,
  TAX_ID_TEXTS,
  taxIdProblem,
  type SellerSettings,
} from '../../../../shared/domain/seller-settings';
import { memorySettingsStore } from './memory-settings';

const clock = { now: () => new Date('2026-03-04T12:00:00.000Z') };
const withBusiness = (business: Partial<SellerSettings['business']>) => ({
  ...DEFAULT_SELLER_SETTINGS,
  business: { ...DEFAULT_SELLER_SETTINGS.business, ...business },
});
/** The field errors of a body, as the API answers them (path -> first message). */
function errorsOf(body: unknown): Record<string, string> {
  const r = sellerSettingsSchema.safeParse(body);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('the settings a user has (decision 057)', () => {
  it('are the defaults until saved: notifications on but the weekly report, contact hidden, messages welcome', async () => {
    const { store } = memorySettingsStore();
    expect(await getSellerSettings('U1', { settings: store })).toEqual({
      notifications: { newMessages: true, newOffers: true, salesUpdates: true, weeklyReports: false },
      privacy: { showEmail: false, showPhone: false, allowDirectContact: true },
      business: { businessType: 'individual', businessName: '', taxId: '' },
    });
  });

  it('are saved whole and read back; a save that lost a race is a 409 and writes nothing', async () => {
    const { store, items } = memorySettingsStore();
    const mine = withBusiness({ businessType: 'business', businessName: 'Smith & Sons', taxId: '12-3456789' });
    expect(await saveSellerSettings('U1', mine, { settings: store, clock })).toEqual(mine);
    expect(await getSellerSettings('U1', { settings: store })).toEqual(mine);
    const racing = { ...store, get: async () => ({ ...(await store.get('U1'))!, version: 0 }) };
    await expect(saveSellerSettings('U1', DEFAULT_SELLER_SETTINGS, { settings: racing, clock })).rejects.toMatchObject({
      status: 409,
      code: 'settings_changed',
    });
    expect(items.get('U1')!.settings).toEqual(mine);
  });

  it("turning weekly reports on makes last week due; other saves keep the user's place; off leaves the index", async () => {
    const now = clock.now();
    expect(nextReportWeek(null, true, now)).toBe('2026-W09');
    expect(nextReportWeek('2026-W07', true, now)).toBe('2026-W07');
    expect(nextReportWeek('2026-W07', false, now)).toBeNull();
    const { store, items } = memorySettingsStore();
    const on = {
      ...DEFAULT_SELLER_SETTINGS,
      notifications: { ...DEFAULT_SELLER_SETTINGS.notifications, weeklyReports: true },
    };
    await saveSellerSettings('U1', on, { settings: store, clock });
    expect(items.get('U1')!.reportWeek).toBe('2026-W09');
    await saveSellerSettings('U1', { ...on, privacy: { ...on.privacy, showEmail: true } }, { settings: store, clock });
    expect(items.get('U1')!.reportWeek).toBe('2026-W09');
    await saveSellerSettings('U1', DEFAULT_SELLER_SETTINGS, { settings: store, clock });
    expect(items.get('U1')!.reportWeek).toBeNull();
  });
});

describe('the settings contract', () => {
  it('takes the defaults and trims the business texts', () => {
    expect(errorsOf(DEFAULT_SELLER_SETTINGS)).toEqual({});
    const parsed = sellerSettingsSchema.parse(
      withBusiness({ businessName: '  Ada Lovelace  ', taxId: ' 123-45-6789 ' }),
    );
    expect(parsed.business).toEqual({ businessType: 'individual', businessName: 'Ada Lovelace', taxId: '123-45-6789' });
  });

  it('refuses a missing toggle, a string for a toggle, an unknown business type or field, with its own message', () => {
    const { weeklyReports: _, ...three } = DEFAULT_SELLER_SETTINGS.notifications;
    expect(errorsOf({ ...DEFAULT_SELLER_SETTINGS, notifications: three })).toEqual({
      'notifications.weeklyReports': 'Choose on or off.',
    });
    expect(
      errorsOf({ ...DEFAULT_SELLER_SETTINGS, privacy: { ...DEFAULT_SELLER_SETTINGS.privacy, showEmail: 'yes' } }),
    ).toEqual({ 'privacy.showEmail': 'Choose on or off.' });
    expect(errorsOf(withBusiness({ businessType: 'llc' as never }))).toEqual({
      'business.businessType': 'Choose individual, business or corporation.',
    });
    expect(Object.keys(errorsOf({ ...DEFAULT_SELLER_SETTINGS, theme: 'dark' }))).toHaveLength(1);
  });

  it('asks a business or corporation for its name, and keeps names to their length and characters', () => {
    expect(errorsOf(withBusiness({ businessType: 'corporation' }))).toEqual({
      'business.businessName': BUSINESS_NAME_TEXTS.required,
    });
    expect(
      errorsOf(withBusiness({ businessType: 'corporation', businessName: 'Café Müller & Fils, S.A. (No. 2)' })),
    ).toEqual({});
    expect(errorsOf(withBusiness({ businessName: 'x'.repeat(101) }))).toEqual({
      'business.businessName': BUSINESS_NAME_TEXTS.tooLong,
    });
    expect(errorsOf(withBusiness({ businessName: 'Shop <script>' }))).toEqual({
      'business.businessName': BUSINESS_NAME_TEXTS.chars,
    });
    expect(errorsOf(withBusiness({ businessName: '&&&' }))).toEqual({
      'business.businessName': BUSINESS_NAME_TEXTS.noLetter,
    });
  });

  it('takes a US EIN, SSN or ITIN that could be issued, with hyphens or as nine digits', () => {
    for (const ok of ['', '12-3456789', '123-45-6789', '912-70-1234', '123456789', '987654321']) {
      expect(taxIdProblem(ok), ok).toBeNull();
    }
    for (const shape of ['12-345678', '1234-56789', '12 3456789', 'AB-1234567', '123-456-789', '12345678']) {
      expect(taxIdProblem(shape), shape).toBe(TAX_ID_TEXTS.shape);
    }
    // EIN prefix never issued, SSN area 000/666, group 00, serial 0000, ITIN group outside its ranges.
    for (const bad of ['07-1234567', '000-12-3456', '666-12-3456', '123-00-4567', '123-45-0000', '900-12-3456']) {
      expect(taxIdProblem(bad), bad).toBe(TAX_ID_TEXTS.invalid);
    }
    expect(errorsOf(withBusiness({ taxId: '12-34567890' }))).toEqual({ 'business.taxId': TAX_ID_TEXTS.shape });
  });
});

describe('what the store page shows of the seller', () => {
  function port(privacy: Partial<SellerSettings['privacy']>) {
    const reads: string[] = [];
    return {
      reads,
      port: {
        settings: async () => ({
          ...DEFAULT_SELLER_SETTINGS,
          privacy: { ...DEFAULT_SELLER_SETTINGS.privacy, ...privacy },
        }),
        details: async () => {
          reads.push('profile');
          return { email: 'sam@example.com', phone: '' };
        },
      },
    };
  }

  it('shows the email and phone only when chosen (and filled), reading the profile only then', async () => {
    const hidden = port({});
    expect(await storeContact('S', hidden.port)).toEqual({ email: null, phone: null, acceptsMessages: true });
    expect(hidden.reads).toEqual([]);
    const shown = port({ showEmail: true, showPhone: true, allowDirectContact: false });
    expect(await storeContact('S', shown.port)).toEqual({
      email: 'sam@example.com',
      phone: null,
      acceptsMessages: false,
    });
    expect(await storeContact('S', port({ showPhone: true }).port)).toMatchObject({ email: null, phone: null });
  });
});
