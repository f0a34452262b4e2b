// Built for Node by client/scripts/prerender.mjs: the home page as a guest first sees it, drawn
// at build time so a phone paints it before any script arrives. main.tsx hydrates it with the
// same tree (AppRoot), so nothing here may differ from what the browser renders for a guest at '/'.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoot } from './app/root.tsx';
import { AppRoutes } from './app/router.tsx';
import { currentUserKey } from './lib/current-user.ts';
import { createQueryClient } from './lib/query-client.ts';

export function renderGuestHome(): string {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserKey, null);
  return renderToString(
    <AppRoot queryClient={queryClient}>
      <StaticRouter location="/">
        <AppRoutes />
      </StaticRouter>
    </AppRoot>,
  );
}
