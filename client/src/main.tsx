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
    {/* Navigations render at once, not as transitions: signing out goes home in the same render
        that forgets the user, so a signed-in page's guard never sees it without one. */}
    <BrowserRouter useTransitions={false}>
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
