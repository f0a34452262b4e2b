import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, act } from '@testing-library/react';
import { dismissToast, toast, useCurrentToast } from './toast-store.ts';

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the old', () => {
    const { result } = renderHook(() => useCurrentToast());
    act(() => toast({ title: 'First' }));
    act(() => toast({ title: 'Second' }));
    expect(result.current?.title).toBe('Second');
  });

  it('hides a toast after 5 seconds', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCurrentToast());
    act(() => toast({ title: 'Saved' }));
    act(() => vi.advanceTimersByTime(4999));
    expect(result.current?.title).toBe('Saved');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBeNull();
  });
});
