import './csp.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';

import { AppRoot } from './app/root.tsx';
import { AppRoutes } from './app/router.tsx';
import { seedFromBoot } from './lib/boot.ts';
import { createQueryClient } from './lib/query-client.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
seedFromBoot(queryClient);
const app = (
  <AppRoot queryClient={queryClient}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppRoot>
);

if (root.firstElementChild) {
  // The server sent the page already drawn (a guest's home page, client/scripts/prerender.mjs):
  // React takes it over in slices of a few milliseconds, so the page answers taps meanwhile.
  startTransition(() => {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => console.error('The prerendered page did not match the app:', error),
    });
  });
} else {
  createRoot(root).render(app);
}
