import type { ReactNode } from 'react';
import { DEFAULT_STORE_THEME } from '../../../../../shared/domain/store-themes';
import { useSignedInSession } from '../../../lib/session/session-context';
import { useStore } from '../../../domains/stores/api';
import { StoreThemeArea } from '../../../domains/stores/store-theme';

/** The portal's page in the seller's own store theme (spec part 3: the page background follows it). */
export function ThemedPortal({ children }: { children: ReactNode }) {
  const { user } = useSignedInSession();
  // The summary card's read of the same store (one request).
  const theme = useStore(user.username).data?.theme ?? DEFAULT_STORE_THEME;
  return (
    <StoreThemeArea theme={theme} className="store-theme-page">
      {children}
    </StoreThemeArea>
  );
}
