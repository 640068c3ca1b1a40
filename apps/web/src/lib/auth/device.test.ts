import { describe, expect, it } from 'vitest';
import { describeDevice } from './device';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  ipadOs:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
};

describe('describeDevice', () => {
  it('recognises phones', () => {
    expect(describeDevice(UA.iphone)).toEqual({
      name: 'Safari on iOS',
      type: 'mobile',
      os: 'iOS',
      browser: 'Safari',
    });
    expect(describeDevice(UA.android)).toMatchObject({
      type: 'mobile',
      os: 'Android',
      browser: 'Chrome',
    });
  });

  it('recognises tablets, including iPadOS posing as a Mac', () => {
    expect(describeDevice(UA.androidTablet).type).toBe('tablet');
    expect(describeDevice(UA.ipadOs, 5)).toMatchObject({ type: 'tablet', os: 'iOS' });
    expect(describeDevice(UA.ipadOs, 0)).toMatchObject({ type: 'desktop', os: 'macOS' });
  });

  it('recognises desktops and tells Edge from Chrome', () => {
    expect(describeDevice(UA.windowsEdge)).toEqual({
      name: 'Edge on Windows',
      type: 'desktop',
      os: 'Windows',
      browser: 'Edge',
    });
    expect(describeDevice(UA.linuxFirefox)).toMatchObject({ os: 'Linux', browser: 'Firefox' });
  });

  it('falls back for unknown agents', () => {
    expect(describeDevice('curl/8.0')).toEqual({
      name: 'Web browser',
      type: 'desktop',
      os: 'unknown',
      browser: 'unknown',
    });
  });
});
