import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MaintenanceScreen } from './maintenance-screen';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Changing it (the path) clears the error: navigating away is a retry too. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: Error | null;
  resetKey: string | undefined;
}

/**
 * Render errors show the maintenance screen; its retry resets this boundary
 * (docs/product/app-shell.md).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<ErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  private readonly reset = () => this.setState({ error: null });

  override render() {
    return this.state.error ? <MaintenanceScreen onRetry={this.reset} /> : this.props.children;
  }
}
