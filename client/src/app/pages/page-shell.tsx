import type { ReactNode } from 'react';

export function PageShell({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {description && <p className="mt-2 text-slate-600">{description}</p>}
      <div className="mt-8">{children}</div>
    </div>
  );
}

/** An honest placeholder for a screen that a later release fills in. */
export function ComingSoon({ title, what }: { title: string; what: string }) {
  return (
    <PageShell title={title}>
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <p className="font-medium text-slate-900">This page is on the way.</p>
        <p className="mt-1 text-sm text-slate-600">{what}</p>
      </div>
    </PageShell>
  );
}
