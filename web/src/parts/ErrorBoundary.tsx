// A page that fails while it renders shows what failed and the ways on,
// instead of leaving the whole app blank; moving to another address (Back
// included) tries again, while a page that works keeps its state.
import { Component, type ReactNode } from 'react';
import { Link } from 'wouter';

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode; address: string }, State> {
  state: State = { error: null };

  componentDidUpdate(previous: { address: string }) {
    if (this.state.error !== null && previous.address !== this.props.address) this.setState({ error: null });
  }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  render() {
    if (this.state.error === null) return this.props.children;
    return (
      <main className="page">
        <h1>This page failed</h1>
        <p role="alert" className="problem">
          Something on this page could not be shown: {this.state.error.message}
        </p>
        <p>
          <button type="button" onClick={() => window.history.back()}>
            Go back
          </button>{' '}
          or <Link href="/">see your projects</Link>.
        </p>
      </main>
    );
  }
}
