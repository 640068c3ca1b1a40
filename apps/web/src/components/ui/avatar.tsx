import { haloStyle } from './halo';
import './avatar.css';

interface AvatarProps {
  name: string;
  src?: string | null;
  size?: number;
  /** The halo ring colour (profile.colorTheme); the brand blue by default. */
  ringColor?: string;
  /** How strongly the halo glows (profile.haloIntensity, 0–1); a fixed soft glow when left out. */
  haloIntensity?: number;
}

/** Decorative next to the name it stands for, so the image itself has an empty alt. */
export function Avatar({ name, src, size = 48, ringColor, haloIntensity }: AvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  const halo =
    haloIntensity !== undefined
      ? haloStyle(ringColor, haloIntensity)
      : ringColor
        ? { '--ring': ringColor }
        : {};
  return (
    <span
      className="avatar"
      style={{ width: size, height: size, fontSize: size * 0.42, ...halo }}
      aria-hidden="true"
    >
      {src ? <img src={src} alt="" width={size} height={size} /> : initial}
    </span>
  );
}
