import './spinner.css';
interface SpinnerProps {
  size?: number;
  /** Announced to screen readers; empty when a surrounding control already says it is busy. */
  label?: string;
}

export function Spinner({ size = 28, label = 'Loading' }: SpinnerProps) {
  return (
    <span
      className="spinner"
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
    />
  );
}

export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size={36} label={label} />
    </div>
  );
}
