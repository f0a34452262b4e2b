import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { APP_READY_MARK } from '@gradelens/shared';
import { Providers } from './providers.tsx';

/** Marks when the app has taken the page over (drawn, or hydrated): npm run bench:web reads it. */
function ReadyMark() {
  useEffect(() => {
    performance.mark(APP_READY_MARK);
  }, []);
  return null;
}

/**
 * The tree around the router, the same in the browser (main.tsx) and in the build's prerender
 * (prerender.tsx): hydration needs both to render alike.
 */
export function AppRoot({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <Providers client={queryClient}>
        {children}
        <ReadyMark />
      </Providers>
    </StrictMode>
  );
}
