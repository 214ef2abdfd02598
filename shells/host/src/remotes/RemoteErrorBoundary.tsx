import { ErrorPanel } from '@shoal/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  label: string;
  onRetry: () => void;
  /** Called once the error panel is on screen. */
  onShown?: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Keeps a broken remote (unreachable, 404, script error) inside its own panel, so the sidebar, the
 * player and the other remotes carry on.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.label} section failed`, error, info.componentStack);
    // The error panel is this route's content.
    this.props.onShown?.();
  }

  private readonly retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorPanel title={`The ${this.props.label} section could not be loaded`} onRetry={this.retry}>
        <p>Check your connection, then try again. The rest of Shoal keeps working meanwhile.</p>
      </ErrorPanel>
    );
  }
}
