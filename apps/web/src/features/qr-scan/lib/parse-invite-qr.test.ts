import { describe, expect, it } from 'vitest';
import { parseInviteQr, registerPathFor } from './parse-invite-qr';

describe('parseInviteQr', () => {
  it('reads invite links on any host', () => {
    expect(parseInviteQr('https://doers.app/invite/ABCD2345')).toEqual({
      kind: 'referral',
      code: 'ABCD2345',
    });
    expect(parseInviteQr('http://localhost:3000/invite/XYZW7788/')).toEqual({
      kind: 'referral',
      code: 'XYZW7788',
    });
  });

  it('reads register links with ref, absolute or relative', () => {
    expect(parseInviteQr('https://doers.app/register?ref=QRST2345')).toEqual({
      kind: 'referral',
      code: 'QRST2345',
    });
    expect(parseInviteQr('/register?ref=QRST2345')).toEqual({ kind: 'referral', code: 'QRST2345' });
  });

  it('reads founder links', () => {
    expect(parseInviteQr('https://doers.app/register?founder=true')).toEqual({ kind: 'founder' });
  });

  it('accepts a bare code, trimmed', () => {
    expect(parseInviteQr('  HJKM2345 \n')).toEqual({ kind: 'referral', code: 'HJKM2345' });
  });

  it('rejects anything else', () => {
    expect(parseInviteQr('')).toBeNull();
    expect(parseInviteQr('https://example.com/some/page')).toBeNull();
    expect(parseInviteQr('javascript:alert(1)')).toBeNull();
    expect(parseInviteQr('WIFI:S:home;T:WPA;P:secret;;')).toBeNull();
    expect(parseInviteQr('https://doers.app/invite/<script>')).toBeNull();
  });

  it('builds the register path', () => {
    expect(registerPathFor({ kind: 'referral', code: 'AB CD' })).toBe('/register?ref=AB%20CD');
    expect(registerPathFor({ kind: 'founder' })).toBe('/register?founder=true');
  });
});
