import { AlertCircle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

type Props = { children: ReactNode };
type State = { failed: boolean };

/**
 * A page that throws while rendering (or whose code cannot be downloaded, as after a new release
 * replaced the old files) shows what happened and a way on, instead of a blank window. The
 * layout keys it by address, so going to another page starts afresh.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-24 text-center">
        <AlertCircle className="size-12 text-red-500" aria-hidden />
        <h1 className="text-2xl font-bold text-slate-900">This page could not be shown</h1>
        <p className="text-slate-600">
          Something went wrong while opening it. Reload the page; if GradeLens was just updated, that fetches the new
          version.
        </p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    );
  }
}
