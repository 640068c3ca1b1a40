import { DEFAULT_COLOR_THEME, DEFAULT_HALO_INTENSITY } from '@doers/contract';
import type { CSSProperties } from 'react';

/** The colours offered for a profile's halo; the first is the default colour theme. */
export const HALO_PALETTE = [
  { name: 'Sky', value: DEFAULT_COLOR_THEME },
  { name: 'Ocean', value: '#1F6FEB' },
  { name: 'Violet', value: '#8B5CF6' },
  { name: 'Rose', value: '#E84393' },
  { name: 'Coral', value: '#FF6B4A' },
  { name: 'Sunshine', value: '#F5B400' },
  { name: 'Mint', value: '#1DB98A' },
  { name: 'Forest', value: '#2E7D32' },
] as const;

const HEX6 = /^#?([0-9a-f]{6})$/i;
const HEX3 = /^#?([0-9a-f]{3})$/i;

/**
 * A colour as the server stores it (#RRGGBB, upper case), from what a person may type: with or
 * without '#', three or six digits. Null when it is not a colour.
 */
export function normalizeHexColor(input: string): string | null {
  const text = input.trim();
  const long = HEX6.exec(text)?.[1];
  if (long) return `#${long.toUpperCase()}`;
  const short = HEX3.exec(text)?.[1];
  if (short) return `#${[...short].map((digit) => digit + digit).join('')}`.toUpperCase();
  return null;
}

/** A stored colour to show, or the default one when it is missing or not a colour. */
export function haloColor(colorTheme: string | null | undefined): string {
  return normalizeHexColor(colorTheme ?? '') ?? DEFAULT_COLOR_THEME;
}

/** 0–1; anything else (NaN, out of range, missing) falls back or is clamped. */
export function clampHaloIntensity(value: number | null | undefined): number {
  if (value === null || value === undefined || Number.isNaN(value)) return DEFAULT_HALO_INTENSITY;
  return Math.min(1, Math.max(0, value));
}

/** Rounded to the slider's step, so 0.55000001 reads and saves as 0.55. */
export function roundHaloIntensity(value: number): number {
  return Math.round(clampHaloIntensity(value) * 100) / 100;
}

/**
 * The glow around the ring: its blur, spread and strength grow with the intensity; at 0 only the
 * ring itself is left. Returned as custom properties that avatar.css reads.
 */
export function haloStyle(
  colorTheme: string | null | undefined,
  intensity: number | null | undefined,
) {
  const level = clampHaloIntensity(intensity);
  return {
    '--ring': haloColor(colorTheme),
    '--halo-blur': `${Math.round(level * 32)}px`,
    '--halo-spread': `${Math.round(level * 6)}px`,
    '--halo-alpha': `${Math.round(level * 85)}%`,
  } as CSSProperties;
}

/** How the slider's value reads aloud and beside it. */
export function describeHaloIntensity(value: number): string {
  const level = clampHaloIntensity(value);
  const percent = Math.round(level * 100);
  if (level === 0) return 'No glow (0%)';
  if (level < 0.34) return `Soft glow (${percent}%)`;
  if (level < 0.67) return `Medium glow (${percent}%)`;
  return `Strong glow (${percent}%)`;
}
