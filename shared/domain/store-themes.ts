/**
 * Store themes (spec part 3 constants "Store themes"): each store page, and its owner's seller portal, is painted in
 * one. A theme is six colours; the rest of the app's colour tokens are derived from them (decision 055), so every
 * component inside a themed wrapper follows. tests/unit/shared/store-themes.test.ts checks every text pair for WCAG AA.
 */
export const STORE_THEME_IDS = ['default', 'dark', 'nature', 'sunset', 'ocean', 'royal', 'gold'] as const;
export type StoreThemeId = (typeof STORE_THEME_IDS)[number];
export const DEFAULT_STORE_THEME: StoreThemeId = 'default';

export interface StoreThemeColors {
  /** The page behind the cards. */
  page: string;
  /** Cards, inputs, the store header. */
  surface: string;
  text: string;
  mutedText: string;
  /** Buttons, links, the selected tab, prices. */
  accent: string;
  /** Text on an accent background (primary buttons). */
  onAccent: string;
}

export interface StoreTheme {
  id: StoreThemeId;
  name: string;
  /** Light or dark surfaces: picks the status colours (warnings, errors) that read on them. */
  scheme: 'light' | 'dark';
  colors: StoreThemeColors;
}

export const STORE_THEMES: Record<StoreThemeId, StoreTheme> = {
  default: {
    id: 'default',
    name: 'Ocean Blue',
    scheme: 'light',
    colors: {
      page: '#eef4fb',
      surface: '#ffffff',
      text: '#14202e',
      mutedText: '#4f5d70',
      accent: '#0f4c81',
      onAccent: '#ffffff',
    },
  },
  dark: {
    id: 'dark',
    name: 'Midnight Black',
    scheme: 'dark',
    colors: {
      page: '#0b0d12',
      surface: '#171a21',
      text: '#f1f3f7',
      mutedText: '#a9b1bf',
      accent: '#7cb8ff',
      onAccent: '#0b0d12',
    },
  },
  nature: {
    id: 'nature',
    name: 'Forest Green',
    scheme: 'light',
    colors: {
      page: '#edf5ee',
      surface: '#ffffff',
      text: '#15261a',
      mutedText: '#4a5e4f',
      accent: '#1e6b3a',
      onAccent: '#ffffff',
    },
  },
  sunset: {
    id: 'sunset',
    name: 'Sunset Blaze',
    scheme: 'light',
    colors: {
      page: '#fff0e6',
      surface: '#ffffff',
      text: '#2b160e',
      mutedText: '#6b4a3c',
      accent: '#b03a12',
      onAccent: '#ffffff',
    },
  },
  ocean: {
    id: 'ocean',
    name: 'Deep Ocean',
    scheme: 'dark',
    colors: {
      page: '#06202e',
      surface: '#0c3145',
      text: '#eaf6fb',
      mutedText: '#a6c6d4',
      accent: '#5fd0e6',
      onAccent: '#04202c',
    },
  },
  royal: {
    id: 'royal',
    name: 'Royal Purple',
    scheme: 'light',
    colors: {
      page: '#f4effb',
      surface: '#ffffff',
      text: '#1f1530',
      mutedText: '#5b4d70',
      accent: '#5b2a9e',
      onAccent: '#ffffff',
    },
  },
  gold: {
    id: 'gold',
    name: 'Golden Hour',
    scheme: 'light',
    colors: {
      page: '#fbf3df',
      surface: '#fffdf7',
      text: '#2a2110',
      mutedText: '#5e5234',
      accent: '#7a4f00',
      onAccent: '#ffffff',
    },
  },
};

export function isStoreThemeId(value: unknown): value is StoreThemeId {
  return typeof value === 'string' && (STORE_THEME_IDS as readonly string[]).includes(value);
}

/** A stored theme as the pages use it: an unknown or missing one is the default. */
export function storeThemeOf(value: unknown): StoreThemeId {
  return isStoreThemeId(value) ? value : DEFAULT_STORE_THEME;
}

/** Every colour token a themed wrapper sets (the app's --color-* variables of the same meaning). */
export interface StoreThemeTokens extends StoreThemeColors {
  surfaceMuted: string;
  border: string;
  accentHover: string;
  /** Badge and highlight backgrounds that carry accent text. */
  accentSoft: string;
  warning: string;
  warningSoft: string;
  danger: string;
  dangerSoft: string;
  focus: string;
}

/** Status colours that read on each kind of surface (the light ones are the app's own). */
const SCHEME_TOKENS = {
  light: { warning: '#a15c00', warningSoft: '#fff1dc', danger: '#b42318', dangerSoft: '#fdecea', focus: '#2f80ed' },
  dark: { warning: '#f6b75e', warningSoft: '#3a2a12', danger: '#ff9b93', dangerSoft: '#3d1a18', focus: '#8fc1ff' },
} as const;

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** `weight` of `a` mixed into `b`, in sRGB (what CSS color-mix(in srgb, ...) makes). */
export function mixColors(a: string, b: string, weight: number): string {
  const [x, y] = [channels(a), channels(b)];
  return `#${x
    .map((v, i) =>
      Math.round(v * weight + y[i]! * (1 - weight))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function storeThemeTokens(id: StoreThemeId): StoreThemeTokens {
  const { colors: c, scheme } = STORE_THEMES[id];
  return {
    ...c,
    surfaceMuted: mixColors(c.text, c.surface, 0.06),
    border: mixColors(c.text, c.surface, 0.2),
    // Toward the text colour: darker on light themes, lighter on dark ones, so on-accent text gains contrast.
    accentHover: mixColors(c.text, c.accent, 0.2),
    accentSoft: mixColors(c.accent, c.surface, 0.12),
    ...SCHEME_TOKENS[scheme],
  };
}
