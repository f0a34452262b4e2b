import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '@gradelens/shared';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** At most one toast at a time (docs/product.md section 4): a new one replaces the old. */
let current: Toast | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: Omit<Toast, 'id'>): void {
  current = { ...input, id: nextId++ };
  clearTimeout(timer);
  timer = setTimeout(dismissToast, TOAST_DURATION_MS);
  emit();
}

export function dismissToast(): void {
  clearTimeout(timer);
  current = null;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useCurrentToast = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
