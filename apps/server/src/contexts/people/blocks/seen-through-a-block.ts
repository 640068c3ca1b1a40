import { DEFAULT_COLOR_THEME, DEFAULT_HALO_INTENSITY } from '@doers/contract';

type Person = {
  profilePictureUrl: string | null;
  colorTheme: string;
  haloIntensity: number;
};

/**
 * How someone who blocked the viewer appears to them (docs/product/blocking.md): by name and
 * handle only, so an old conversation or a link still says whose it is, with no picture and the
 * halo everyone starts with. The blocker keeps seeing the person they blocked as they are, to
 * recognise them and unblock them.
 */
export function seenThroughABlock<T extends Person>(person: T): T {
  return {
    ...person,
    profilePictureUrl: null,
    colorTheme: DEFAULT_COLOR_THEME,
    haloIntensity: DEFAULT_HALO_INTENSITY,
  };
}
