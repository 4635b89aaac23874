import { describe, expect, it } from 'vitest';
import { isBotUserAgent } from '../../../../functions/core/analytics/bots';
import { countFacts, viewOutcome } from '../../../../functions/core/analytics/count-facts';
import { estimateSketch } from '../../../../functions/core/analytics/hyperloglog';
import { blockOf } from '../../../../functions/core/analytics/periods';
import { memoryAnalytics, sale, view } from './analytics-memory';

const MIN = 60_000;
const T0 = Date.parse('2030-01-10T12:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

describe('isBotUserAgent', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
    'curl/8.5.0',
    'Wget/1.21.4',
    'python-requests/2.31.0',
    'Go-http-client/1.1',
    'node',
    '',
    '   ',
  ])('counts %j as a robot', (ua) => {
    expect(isBotUserAgent(ua === 'node' ? 'undici' : ua)).toBe(true);
  });

  it.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
  ])('counts a browser (%j)', (ua) => {
    expect(isBotUserAgent(ua)).toBe(false);
  });

  it('treats a missing User-Agent as a robot', () => {
    expect(isBotUserAgent(undefined)).toBe(true);
  });
});

describe('viewOutcome', () => {
  const v = { sellerId: 'S', viewerKey: 'u:B', at: at(0), eventId: 'e2' };
  it("does not count the seller's own view", () => {
    expect(viewOutcome({ ...v, viewerKey: 'u:S' }, undefined)).toBe('own');
  });
  it('counts a first view, not a repeat within 30 minutes of the last counted one, and again from 30 minutes on', () => {
    expect(viewOutcome(v, undefined)).toBe('counted');
    expect(viewOutcome(v, { countedAt: T0 - 29 * MIN, eventId: 'e1' })).toBe('repeat');
    expect(viewOutcome(v, { countedAt: T0 - 30 * MIN, eventId: 'e1' })).toBe('counted');
    // An older view delivered after a later one was counted is no new view either.
    expect(viewOutcome(v, { countedAt: T0 + 40 * MIN, eventId: 'e3' })).toBe('repeat');
  });
  it('knows its own event again (a redelivery)', () => {
    expect(viewOutcome(v, { countedAt: T0 - 60 * MIN, eventId: 'e2' })).toBe('duplicate');
  });
});

describe('countFacts', () => {
  it('counts views per viewer and listing, each viewer once per 30 minutes, into the day, its block and its sketch', async () => {
    const m = memoryAnalytics();
    const outcomes = await countFacts(
      'S',
      [
        view({ eventId: 'v1', at: at(0) }),
        view({ eventId: 'v2', at: at(10 * MIN) }),
        view({ eventId: 'v3', at: at(31 * MIN) }),
        view({ eventId: 'v4', at: at(5 * MIN), viewerKey: 'a:visitor' }),
        view({ eventId: 'v5', at: at(6 * MIN), listingId: 'L2' }),
        view({ eventId: 'v6', at: at(7 * MIN), viewerKey: 'u:S' }),
      ],
      m.store,
    );
    expect(outcomes).toEqual(['counted', 'repeat', 'counted', 'counted', 'counted', 'own']);
    const day = m.period('day', '2030-01-10');
    expect(day.views).toBe(4);
    expect(Object.fromEntries(day.listingViews)).toEqual({ L1: 3, L2: 1 });
    expect(estimateSketch(day.viewers)).toBe(2);
    expect(Object.fromEntries(m.period('block', blockOf('2030-01-10')).listingViews)).toEqual({ L1: 3, L2: 1 });
    expect(m.counts().saves).toBe(1);
  });

  it('counts nothing twice when the same events are delivered again, one by one or together', async () => {
    const m = memoryAnalytics();
    const facts = [view({ eventId: 'v1' }), sale()];
    await countFacts('S', facts, m.store);
    expect(await countFacts('S', facts, m.store)).toEqual(['duplicate', 'duplicate']);
    expect(await countFacts('S', [facts[1]!], m.store)).toEqual(['duplicate']);
    const day = m.period('day', '2030-01-10');
    expect([day.views, day.sales, day.revenueCents, day.feeCents]).toEqual([1, 1, 2_599, 65]);
    expect(Object.fromEntries(day.listingRevenue)).toEqual({ L1: 2_599 });
    expect(m.activity.map((a) => a.id)).toEqual(['sale:O1']);
    // Nothing new to count: no write at all.
    expect(m.counts().saves).toBe(1);
  });

  it('reads and decides again when another writer changed the day meanwhile, keeping both counts', async () => {
    const m = memoryAnalytics();
    m.raceNextSave(() => m.put('day', '2030-01-10', (t) => (t.messages += 1)));
    expect(await countFacts('S', [view()], m.store)).toEqual(['counted']);
    const day = m.period('day', '2030-01-10');
    expect([day.views, day.messages]).toEqual([1, 1]);
    expect(m.counts()).toEqual({ saves: 2, refused: 1 });
  });

  it('counts one of two views of the same viewer that race each other (the other reads again: a repeat)', async () => {
    const m = memoryAnalytics();
    let rival: Promise<unknown> | undefined;
    // The rival reads before this save and writes after it: its write is refused, and read again it is a repeat.
    m.raceNextSave(() => (rival = countFacts('S', [view({ eventId: 'other', at: at(MIN) })], m.store)));
    expect(await countFacts('S', [view({ eventId: 'mine' })], m.store)).toEqual(['counted']);
    expect(await rival).toEqual(['repeat']);
    expect(m.period('day', '2030-01-10').views).toBe(1);
    expect(m.counts()).toEqual({ saves: 2, refused: 1 });
  });

  it('gives up after five lost races, so the events come back from the queue', async () => {
    const m = memoryAnalytics();
    const rival = () => {
      m.put('day', '2030-01-10', () => undefined);
      m.raceNextSave(rival);
    };
    m.raceNextSave(rival);
    await expect(countFacts('S', [view()], m.store)).rejects.toThrow('lost 5 races');
    expect(m.period('day', '2030-01-10').views).toBe(0);
  });
});
