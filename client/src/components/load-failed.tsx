import { Button } from '@/components/ui/button';

/** A list that failed to load says so, with a way to ask again, instead of looking empty. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-center gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm"
    >
      <p className="font-medium text-red-800">Failed to load {what}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
