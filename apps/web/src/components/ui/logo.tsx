import './logo.css';
interface LogoProps {
  /** Mark height in px; the wordmark scales with it. */
  size?: number;
  showWordmark?: boolean;
}

/** The flame-in-a-tile mark: the streak you keep alive, on the brand blue. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="var(--color-primary)" />
      <path
        d="M33.5 12c1.6 7.2-5.2 10.6-5.2 17.4 0 3.3 2.2 5.8 5.2 6.3-1.4-4.6 2.6-7.3 3.9-10.9 4.6 4 7.6 8.7 7.6 14.2C45 46 39.6 52 32 52s-13-5.8-13-13.3c0-10.2 9.3-14.6 14.5-26.7z"
        fill="var(--color-accent)"
      />
      <path
        d="M32 52c-4 0-7-3-7-6.8 0-4.4 3.6-6.5 5.6-10.2 1.3 2.6 4.2 3.6 5.9 6.2.9 1.3 1.5 2.6 1.5 4.2C38 49 35.4 52 32 52z"
        fill="#FFD36B"
      />
    </svg>
  );
}

export function Logo({ size = 32, showWordmark = true }: LogoProps) {
  return (
    <span className="logo" style={{ fontSize: size * 0.72 }}>
      <LogoMark size={size} />
      {showWordmark && <span className="logo__wordmark">Doers</span>}
    </span>
  );
}
