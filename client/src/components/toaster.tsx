import { X } from 'lucide-react';
import { cn } from '@/lib/utils';
import { dismissToast, useCurrentToast } from '@/lib/toast-store';

export function Toaster() {
  const current = useCurrentToast();
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 sm:bottom-4 sm:right-4 sm:left-auto sm:justify-end"
    >
      {current && (
        <div
          key={current.id}
          role={current.variant === 'destructive' ? 'alert' : 'status'}
          className={cn(
            'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg',
            current.variant === 'destructive'
              ? 'border-red-200 bg-red-600 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="flex-1">
            <p className="text-sm font-semibold">{current.title}</p>
            {current.description && <p className="mt-1 text-sm opacity-90">{current.description}</p>}
          </div>
          <button
            type="button"
            aria-label="Close notification"
            onClick={dismissToast}
            className="opacity-70 hover:opacity-100"
          >
            <X className="size-4" />
          </button>
        </div>
      )}
    </div>
  );
}
