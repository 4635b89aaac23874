import './support/setup';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../web/src/app/router';
import { stubApi } from './support/api-stub';
import { page } from './support/listing-fixture';
import { renderRoutes } from './support/render';

describe('pages for signed-in people only', () => {
  it.each(['/seller-portal', '/settings', '/wallet', '/notifications'])(
    '%s sends signed-out visitors to /',
    async (path) => {
      stubApi((req) => (req.url.pathname === '/api/listings' ? { body: page([]) } : undefined));
      const { router } = renderRoutes(routes, path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );
});
