import { AlertCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A page whose subject was not found: what, why, and the way back. */
export function Missing({
  title,
  message,
  back,
}: {
  title: string;
  message: string;
  back: { to: string; label: string };
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-24 text-center">
      <AlertCircle className="size-12 text-red-500" aria-hidden />
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-600">{message}</p>
      <Button asChild variant="outline">
        <Link to={back.to}>{back.label}</Link>
      </Button>
    </div>
  );
}
