import type { QueryClient } from '@tanstack/react-query';
import { BOOT_ELEMENT_ID, type BootData } from '@gradelens/shared';
import { currentUserKey } from './current-user.ts';

/**
 * Puts what the server said about this visit into the cache before the first render. Without
 * it (Vite's dev server, a page saved to disk) the header asks /api/user as before.
 */
export function seedFromBoot(queryClient: QueryClient, doc: Document = document): void {
  const text = doc.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return;
  try {
    const boot = JSON.parse(text) as Partial<BootData>;
    if (boot.user === null || (typeof boot.user === 'object' && typeof boot.user?.id === 'number')) {
      queryClient.setQueryData(currentUserKey, boot.user);
    }
  } catch {
    // Not ours or damaged: the header asks the server instead.
  }
}
