import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import {
  STORE_THEMES,
  storeThemeTokens,
  type StoreThemeId,
  type StoreThemeTokens,
} from '../../../../shared/domain/store-themes';

/** Which app colour variable each theme token stands for: components inside the wrapper read only those. */
const VARIABLES: Record<keyof StoreThemeTokens, `--${string}`> = {
  page: '--color-bg',
  surface: '--color-surface',
  surfaceMuted: '--color-surface-muted',
  border: '--color-border',
  text: '--color-text',
  mutedText: '--color-text-muted',
  accent: '--color-primary',
  accentHover: '--color-primary-hover',
  onAccent: '--color-primary-contrast',
  accentSoft: '--color-primary-soft',
  warning: '--color-warning',
  warningSoft: '--color-warning-soft',
  danger: '--color-danger',
  dangerSoft: '--color-danger-soft',
  focus: '--color-focus',
};

/** The theme as custom properties (decision 055): set once on a wrapper, never colour by colour on elements. */
export function themeVariables(theme: StoreThemeId): CSSProperties {
  const tokens = storeThemeTokens(theme);
  return Object.fromEntries(
    (Object.keys(VARIABLES) as (keyof StoreThemeTokens)[]).map((token) => [VARIABLES[token], tokens[token]]),
  ) as CSSProperties;
}

/** A box painted in a store theme: the store page, the seller portal, the Customize tab's live preview. */
export function StoreThemeArea({
  theme,
  children,
  className,
  ...rest
}: { theme: StoreThemeId; children: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      {...rest}
      className={className ? `store-theme ${className}` : 'store-theme'}
      data-theme={theme}
      data-scheme={STORE_THEMES[theme].scheme}
      style={themeVariables(theme)}
    >
      {children}
    </div>
  );
}
