import { describe, expect, it } from 'vitest';
import { notify } from '../../../../functions/core/notifications/notify';
import { addWeeks, isoWeekOf, weekBounds } from '../../../../functions/core/seller-settings/iso-week';
import {
  sendWeeklyReports,
  weeklyReportMessage,
  type WeeklyReportsDeps,
} from '../../../../functions/core/seller-settings/send-weekly-reports';
import {
  receivedIn,
  SALE_LOOKBACK_MS,
  salesIn,
  weeklyFigures,
  type MessageRow,
  type SaleRow,
  type WeeklyActivityPort,
} from '../../../../functions/core/seller-settings/weekly-figures';
import { DEFAULT_SELLER_SETTINGS } from '../../../../shared/domain/seller-settings';
import type { DomainEventOf } from '../../../../shared/events';
import { memoryNotificationStore, notificationDeps, recordingPublisher } from '../notifications-memory';
import { memorySettingsStore } from './memory-settings';

describe('ISO weeks (UTC)', () => {
  it('names the week of an instant by the year of its Thursday, Monday 00:00 to Monday 00:00', () => {
    expect(isoWeekOf(new Date('2026-03-02T00:00:00.000Z'))).toBe('2026-W10');
    expect(isoWeekOf(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-W09');
    // Thursday 2025-01-01... 2024-12-30 (Monday) is in 2025's week 1; 2027-01-01 (Friday) in 2026's week 53.
    expect(isoWeekOf(new Date('2024-12-30T12:00:00.000Z'))).toBe('2025-W01');
    expect(isoWeekOf(new Date('2027-01-01T12:00:00.000Z'))).toBe('2026-W53');
    expect(isoWeekOf(new Date('2027-01-04T00:00:00.000Z'))).toBe('2027-W01');
    expect(weekBounds('2026-W10')).toEqual({
      start: new Date('2026-03-02T00:00:00.000Z'),
      end: new Date('2026-03-09T00:00:00.000Z'),
    });
    expect(weekBounds('2025-W01').start).toEqual(new Date('2024-12-30T00:00:00.000Z'));
    expect(addWeeks('2027-W01', -1)).toBe('2026-W53');
    expect(addWeeks('2026-W53', 1)).toBe('2027-W01');
    for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2030, 0, 1); t += 86_400_000 * 3 + 3_600_000) {
      const week = isoWeekOf(new Date(t));
      const { start, end } = weekBounds(week);
      expect(start.getTime()).toBeLessThanOrEqual(t);
      expect(end.getTime()).toBeGreaterThan(t);
      expect(start.getUTCDay()).toBe(1);
    }
    expect(() => weekBounds('2026-10')).toThrow();
  });
});

const week = weekBounds('2026-W10');
const sale = (completedAt: string | null, totalCents: number, status: SaleRow['status'] = 'completed'): SaleRow => ({
  status,
  completedAt,
  totalCents,
});

describe("a seller's week in figures", () => {
  it('counts escrows released in the week and adds what they held, in cents; not before, not from its end on', () => {
    expect(
      salesIn(
        [
          sale('2026-03-02T00:00:00.000Z', 1999),
          sale('2026-03-08T23:59:59.999Z', 1),
          sale('2026-03-01T23:59:59.999Z', 500),
          sale('2026-03-09T00:00:00.000Z', 700),
          sale(null, 900, 'funded'),
          sale('2026-03-04T00:00:00.000Z', 300, 'refunded'),
        ],
        week.start,
        week.end,
      ),
    ).toEqual({ sales: 2, revenueCents: 2000 });
    expect(salesIn([], week.start, week.end)).toEqual({ sales: 0, revenueCents: 0 });
  });

  it("counts offers and text messages others sent, not the seller's own nor system notes", () => {
    const m = (kind: MessageRow['kind'], senderId: string): MessageRow => ({ kind, senderId });
    expect(
      receivedIn(
        [m('text', 'B'), m('text', 'B'), m('offer', 'B'), m('text', 'S'), m('offer', 'S'), m('system', 'B')],
        'S',
      ),
    ).toEqual({ offers: 1, messages: 2 });
  });

  it('reads orders made far enough back to be released in the week, and the week of each active conversation', async () => {
    const calls: string[] = [];
    const port: WeeklyActivityPort = {
      async salesMade(_s, from, to) {
        calls.push(`orders ${from.toISOString()} ${to.toISOString()}`);
        return [sale('2026-03-03T00:00:00.000Z', 1234)];
      },
      async sellerConversations(_s, since) {
        calls.push(`conversations ${since.toISOString()}`);
        return Array.from({ length: 10 }, (_, i) => `C${i}`);
      },
      async messagesIn(id) {
        return [{ kind: 'text', senderId: `buyer-${id}` }];
      },
    };
    expect(await weeklyFigures('S', week, port)).toEqual({ sales: 1, revenueCents: 1234, offers: 0, messages: 10 });
    expect(SALE_LOOKBACK_MS).toBe(240 * 3_600_000);
    expect(calls).toEqual([
      `orders ${new Date(week.start.getTime() - SALE_LOOKBACK_MS).toISOString()} 2026-03-09T00:00:00.000Z`,
      'conversations 2026-03-02T00:00:00.000Z',
    ]);
  });

  it('words the report with the week, singular and plural, and the revenue in dollars', () => {
    expect(weeklyReportMessage('2026-W10', { sales: 1, revenueCents: 123456, offers: 1, messages: 1 })).toBe(
      'Your week of Mar 2, 2026 – Mar 8, 2026: 1 sale, $1,234.56 RLUSD released to you, 1 new offer and 1 message.',
    );
    expect(weeklyReportMessage('2026-W10', { sales: 0, revenueCents: 0, offers: 2, messages: 0 })).toMatch(
      /: 0 sales, \$0\.00 RLUSD released to you, 2 new offers and 0 messages\.$/,
    );
  });
});

describe('the weekly reports schedule', () => {
  const monday = new Date('2026-03-09T01:00:00.000Z');
  const on = {
    ...DEFAULT_SELLER_SETTINGS,
    notifications: { ...DEFAULT_SELLER_SETTINGS.notifications, weeklyReports: true },
  };

  function world(users: Record<string, string | null>) {
    const settings = memorySettingsStore();
    for (const [userId, reportWeek] of Object.entries(users)) {
      settings.items.set(userId, { settings: reportWeek ? on : DEFAULT_SELLER_SETTINGS, reportWeek, version: 1 });
    }
    const events = recordingPublisher();
    const warnings: unknown[] = [];
    const deps: WeeklyReportsDeps = {
      settings: settings.store,
      activity: {
        salesMade: async () => [sale('2026-03-05T00:00:00.000Z', 2500)],
        sellerConversations: async () => [],
        messagesIn: async () => [],
      },
      events,
      log: { warn: (_m, fields) => warnings.push(fields) },
    };
    const sent = () =>
      (events.events as DomainEventOf<'notify.requested'>[]).map((e) => `${e.data.userId} ${e.data.dedupeKey}`);
    return { settings, events, deps, sent, warnings };
  }

  it('reports last week to each user due, once: the next week is due next, and a second run sends nothing', async () => {
    const w = world({ A: '2026-W09', B: '2026-W05', OFF: null, LATER: '2026-W11' });
    expect(await sendWeeklyReports(monday, w.deps)).toEqual({ week: '2026-W10', sent: 2, failed: 0, more: false });
    expect(w.sent()).toEqual(['B weekly_report:2026-W10', 'A weekly_report:2026-W10']);
    const [first] = w.events.events as DomainEventOf<'notify.requested'>[];
    expect(first!.data).toMatchObject({ type: 'other', title: 'Weekly Report', relatedId: null });
    expect(first!.data.message).toContain('1 sale, $25.00 RLUSD released to you');
    expect(w.settings.items.get('A')!.reportWeek).toBe('2026-W11');
    expect(w.settings.items.get('B')!.reportWeek).toBe('2026-W11');

    expect(await sendWeeklyReports(new Date('2026-03-15T23:00:00.000Z'), w.deps)).toMatchObject({ sent: 0 });
    expect(w.events.events).toHaveLength(2);
    // The next week, everyone on (LATER too) gets the week just past.
    await sendWeeklyReports(new Date('2026-03-16T00:30:00.000Z'), w.deps);
    expect(w.sent().slice(2)).toEqual([
      'A weekly_report:2026-W11',
      'B weekly_report:2026-W11',
      'LATER weekly_report:2026-W11',
    ]);
  });

  it('stops at its limit and the next run continues where it stopped', async () => {
    const w = world(Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`U${i}`, '2026-W09'])));
    expect(await sendWeeklyReports(monday, { ...w.deps, perRun: 5 })).toMatchObject({ sent: 5, more: true });
    expect(await sendWeeklyReports(monday, { ...w.deps, perRun: 5 })).toMatchObject({ sent: 2, more: false });
    expect(new Set(w.sent()).size).toBe(7);
  });

  it('a report whose bookkeeping was lost is sent again by the next run, and notify stores it once', async () => {
    const w = world({ A: '2026-W09' });
    const lost: WeeklyReportsDeps = { ...w.deps, settings: { ...w.settings.store, reportSent: async () => false } };
    await sendWeeklyReports(monday, lost);
    await sendWeeklyReports(monday, w.deps);
    expect(w.sent()).toEqual(['A weekly_report:2026-W10', 'A weekly_report:2026-W10']);
    const mem = memoryNotificationStore();
    const { deps } = notificationDeps(mem.store);
    const prefs = { ...deps, preferences: { ...deps.preferences, toggles: async () => on.notifications } };
    for (const e of w.events.events as DomainEventOf<'notify.requested'>[]) await notify(e.data, prefs);
    expect([...mem.items.get('A')!.values()].map((n) => n.title)).toEqual(['Weekly Report']);
    expect(await sendWeeklyReports(monday, w.deps)).toMatchObject({ sent: 0 });
  });

  it("a seller whose figures fail is left due and logged; the others' reports go out", async () => {
    const w = world({ A: '2026-W09', B: '2026-W09' });
    const failing: WeeklyReportsDeps = {
      ...w.deps,
      activity: {
        ...w.deps.activity,
        salesMade: async (s) => {
          if (s === 'A') throw new Error('throttled');
          return [];
        },
      },
    };
    expect(await sendWeeklyReports(monday, failing)).toEqual({ week: '2026-W10', sent: 1, failed: 1, more: true });
    expect(w.sent()).toEqual(['B weekly_report:2026-W10']);
    expect(w.warnings).toEqual([{ userId: 'A', error: 'Error: throttled' }]);
    expect(w.settings.items.get('A')!.reportWeek).toBe('2026-W09');
  });
});
