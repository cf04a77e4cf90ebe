import { Component, type ReactNode } from 'react';

type Props = { fallback: ReactNode; onError?: () => void; resetKey?: string; children: ReactNode };

/** What its children throw while rendering shows `fallback` instead; a new `resetKey` tries again. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError?.();
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
