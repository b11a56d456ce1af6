import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Spec 02 "Fatal error screen": shown when rendering fails beyond repair. */
export function FatalErrorScreen() {
  return (
    <main className="fatal-error" role="alert">
      <h1>Something went wrong</h1>
      <p>An error occurred while loading the application. Try refreshing the page.</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Refresh Page
      </button>
    </main>
  );
}

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Catches render errors outside the router (the router's own errorElement catches those inside it). */
export class FatalErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Fatal render error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <FatalErrorScreen /> : this.props.children;
  }
}
