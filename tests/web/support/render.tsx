import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrConfig } from '../../../web/src/lib/swr-config';

/** Shows the current location so tests can assert on navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders routes in a memory router with the app's SWR config, a fresh cache per test and no automatic error retries
 * (retry timing is tested on its own in api.test.ts).
 */
export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const view = render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return { ...view, router };
}

/** One page at `path`, plus a probe route for every other path. */
export function renderPage(path: string, element: ReactNode, initialEntry = path) {
  return renderRoutes(
    [
      {
        path,
        element: (
          <>
            {element}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    initialEntry,
  );
}
