// A last resort for data the deck cannot draw: a render that throws on a record shows the fallback
// in its place (the rest of the deck goes on) instead of Ink's error page with minified source.
// The next record (a new `resetKey`) is drawn again.
import { Component, type ReactNode } from 'react';

interface Props {
  resetKey: unknown;
  fallback: ReactNode;
  children: ReactNode;
}

export class DataBoundary extends Component<Props, { failedOn: unknown; failed: boolean }> {
  override state = { failedOn: undefined as unknown, failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failedOn: unknown; failed: boolean }) {
    if (state.failed && state.failedOn === undefined) return { failedOn: props.resetKey };
    if (state.failed && state.failedOn !== props.resetKey) return { failed: false, failedOn: undefined };
    return null;
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
