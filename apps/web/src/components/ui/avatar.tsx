import './avatar.css';
interface AvatarProps {
  name: string;
  src?: string | null;
  size?: number;
  /** The halo ring colour (profile.colorTheme); the brand blue by default. */
  ringColor?: string;
}

/** Decorative next to the name it stands for, so the image itself has an empty alt. */
export function Avatar({ name, src, size = 48, ringColor }: AvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      className="avatar"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        ...(ringColor ? { '--ring': ringColor } : {}),
      }}
      aria-hidden="true"
    >
      {src ? <img src={src} alt="" width={size} height={size} /> : initial}
    </span>
  );
}
