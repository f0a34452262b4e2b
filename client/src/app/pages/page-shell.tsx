import type { ReactNode } from 'react';

export function PageShell({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {description && <p className="mt-2 text-slate-600">{description}</p>}
      <div className="mt-8">{children}</div>
    </div>
  );
}
