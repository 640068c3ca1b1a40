import type { Device } from '@doers/contract';
import { getLocalStorage } from '../storage';

const DEVICE_ID_KEY = 'doers-device-id';

/**
 * Generated once and reused: refresh-token chains are bound to it
 * (docs/product/accounts-and-sessions.md).
 */
export function getDeviceId(): string {
  const storage = getLocalStorage();
  let id = storage.getItem(DEVICE_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    storage.setItem(DEVICE_ID_KEY, id);
  }
  return id;
}

type DeviceInfo = Omit<Device, 'id'>;

function firstMatch(ua: string, rules: Array<[RegExp, string]>): string {
  return rules.find(([pattern]) => pattern.test(ua))?.[1] ?? 'unknown';
}

// Order matters: Edge and Opera also say "Chrome", and Chrome also says "Safari".
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS/, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function describeDevice(userAgent: string, maxTouchPoints = 0): DeviceInfo {
  const ua = userAgent;
  // iPadOS reports itself as a Mac; touch support gives it away.
  const isIpadOs = /Macintosh/.test(ua) && maxTouchPoints > 1;
  const isTablet =
    /iPad|Tablet/i.test(ua) || isIpadOs || (/Android/.test(ua) && !/Mobile/.test(ua));
  const type: Device['type'] = isTablet
    ? 'tablet'
    : /Mobi|iPhone|iPod|Android/i.test(ua)
      ? 'mobile'
      : 'desktop';
  const os = isIpadOs ? 'iOS' : firstMatch(ua, SYSTEMS);
  const browser = firstMatch(ua, BROWSERS);
  const name =
    browser === 'unknown' ? 'Web browser' : `${browser} on ${os === 'unknown' ? type : os}`;
  return { name, type, os, browser };
}

export function getDevice(): Device {
  return { id: getDeviceId(), ...describeDevice(navigator.userAgent, navigator.maxTouchPoints) };
}
