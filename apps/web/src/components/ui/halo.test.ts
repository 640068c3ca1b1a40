import { DEFAULT_COLOR_THEME, DEFAULT_HALO_INTENSITY } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import {
  HALO_PALETTE,
  clampHaloIntensity,
  haloColor,
  haloStyle,
  normalizeHexColor,
  roundHaloIntensity,
} from './halo';

describe('halo colours', () => {
  it('normalises what a person types to the stored #RRGGBB', () => {
    expect(normalizeHexColor('#4a90e2')).toBe('#4A90E2');
    expect(normalizeHexColor(' 4A90E2 ')).toBe('#4A90E2');
    expect(normalizeHexColor('#abc')).toBe('#AABBCC');
    for (const bad of ['', '#12345', '#1234567', 'red', '#GGGGGG', 'url(x)', '#4a90e2;x']) {
      expect(normalizeHexColor(bad), bad).toBeNull();
    }
  });

  it('falls back to the default colour for a missing or broken stored value', () => {
    expect(haloColor(null)).toBe(DEFAULT_COLOR_THEME);
    expect(haloColor('javascript:alert(1)')).toBe(DEFAULT_COLOR_THEME);
    expect(haloColor('#e84393')).toBe('#E84393');
  });

  it('offers eight distinct colours, the default first, all valid', () => {
    const values = HALO_PALETTE.map((swatch) => swatch.value);
    expect(values[0]).toBe(DEFAULT_COLOR_THEME);
    expect(new Set(values).size).toBe(8);
    for (const value of values) expect(normalizeHexColor(value)).toBe(value);
  });
});

describe('halo intensity', () => {
  it('stays within 0–1 and falls back to the default when missing', () => {
    expect(clampHaloIntensity(undefined)).toBe(DEFAULT_HALO_INTENSITY);
    expect(clampHaloIntensity(Number.NaN)).toBe(DEFAULT_HALO_INTENSITY);
    expect(clampHaloIntensity(-1)).toBe(0);
    expect(clampHaloIntensity(7)).toBe(1);
    expect(roundHaloIntensity(0.550000001)).toBe(0.55);
  });

  it('grows the glow with the intensity and leaves only the ring at 0', () => {
    const glow = (level: number) => haloStyle('#112233', level) as Record<string, string>;
    expect(glow(0)).toMatchObject({ '--halo-blur': '0px', '--halo-alpha': '0%' });
    const blur = (level: number) => parseInt(glow(level)['--halo-blur']!, 10);
    expect(blur(0.25)).toBeLessThan(blur(0.5));
    expect(blur(0.5)).toBeLessThan(blur(1));
    expect(glow(1)['--ring']).toBe('#112233');
  });
});
