import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrConfig } from '../lib/swr-config';
import { routes } from './router';

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <SWRConfig value={swrConfig}>
      <RouterProvider router={router} />
    </SWRConfig>
  );
}
