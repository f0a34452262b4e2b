import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** The browser's own select (a phone shows its native picker), sized and bordered like Input. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-10 rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:ring-2 focus-visible:ring-brand-500/30 focus-visible:outline-none',
        className,
      )}
      {...props}
    />
  );
}
