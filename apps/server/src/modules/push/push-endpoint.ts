import { isIP } from 'node:net';
import { isPublicAddress } from '../../platform/public-address.js';

/** Names that never leave this machine or its network, whatever DNS says. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)$/i;

/**
 * Why a subscription's endpoint is refused, or null when it may be saved. The server POSTs to
 * this address, so it must be a push service on the internet: https, no credentials, no address
 * of this machine or a private network (checked again, after DNS, on every send: push-sender.ts).
 * `allowPrivate` (PUSH_ALLOW_PRIVATE, tests) lifts the last two rules.
 */
export function endpointProblem(endpoint: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Not a valid push endpoint';
  }
  if (url.username || url.password) return 'A push endpoint cannot carry a user name or password';
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return 'A push endpoint must use https';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) ? !isPublicAddress(host) : LOCAL_NAME.test(host) || !host.includes('.'))
    return 'This push endpoint is not on the internet';
  return null;
}
