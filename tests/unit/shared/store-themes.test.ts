import { describe, expect, it } from 'vitest';
import {
  mixColors,
  STORE_THEME_IDS,
  STORE_THEMES,
  storeThemeOf,
  storeThemeTokens,
  type StoreThemeTokens,
} from '../../../shared/domain/store-themes';

/** WCAG 2.x relative luminance of an sRGB hex colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2.x contrast ratio, 1 to 21. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Normal-size text (AA 4.5:1): [foreground, background] as the components paint them. */
const TEXT_PAIRS: [keyof StoreThemeTokens, keyof StoreThemeTokens][] = [
  ['text', 'page'],
  ['text', 'surface'],
  ['text', 'surfaceMuted'],
  ['mutedText', 'page'],
  ['mutedText', 'surface'],
  ['mutedText', 'surfaceMuted'],
  ['onAccent', 'accent'],
  ['onAccent', 'accentHover'],
  // Links, prices, the selected tab, badges.
  ['accent', 'page'],
  ['accent', 'surface'],
  ['accent', 'accentSoft'],
  ['warning', 'surface'],
  ['warning', 'page'],
  ['warning', 'warningSoft'],
  ['danger', 'surface'],
  ['danger', 'page'],
  ['danger', 'dangerSoft'],
];

describe('store themes (spec part 3 constants)', () => {
  it('has the seven themes with the spec names, each id its own key', () => {
    expect(Object.fromEntries(STORE_THEME_IDS.map((id) => [id, STORE_THEMES[id].name]))).toEqual({
      default: 'Ocean Blue',
      dark: 'Midnight Black',
      nature: 'Forest Green',
      sunset: 'Sunset Blaze',
      ocean: 'Deep Ocean',
      royal: 'Royal Purple',
      gold: 'Golden Hour',
    });
    for (const id of STORE_THEME_IDS) expect(STORE_THEMES[id].id).toBe(id);
  });

  it('computes contrast as WCAG 2.x does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#0f4c81', '#ffffff')).toBeCloseTo(contrast('#ffffff', '#0f4c81'), 10);
  });

  it.each(STORE_THEME_IDS)('%s: every text pair passes AA (4.5:1), the focus ring 3:1', (id) => {
    const t = storeThemeTokens(id);
    const failing = TEXT_PAIRS.map(([fg, bg]) => ({ pair: `${fg} on ${bg}`, ratio: contrast(t[fg], t[bg]) })).filter(
      (p) => p.ratio < 4.5,
    );
    expect(failing).toEqual([]);
    expect(contrast(t.focus, t.page)).toBeGreaterThanOrEqual(3);
    expect(contrast(t.border, t.surface)).toBeGreaterThan(1.2);
  });

  it('mixes colours channel by channel and reads an unknown stored theme as the default', () => {
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColors('#102030', '#102030', 0.3)).toBe('#102030');
    expect(storeThemeOf('sunset')).toBe('sunset');
    expect(storeThemeOf('neon')).toBe('default');
    expect(storeThemeOf(undefined)).toBe('default');
  });
});
