import { isIP } from 'node:net';
import { isPublicAddress } from '../../../platform/public-address.js';
import type { PushEndpointRules } from '../../../platform/push-settings.js';

/** Names that never leave this machine or its network, whatever DNS says. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)$/i;

/** Whether `host` is one of `services` (exact names, or `*.suffix` for any of its subdomains). */
export function isPushService(host: string, services: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return services.some((service) =>
    service.startsWith('*.') ? name.endsWith(service.slice(1)) : name === service,
  );
}

/**
 * Why a subscription's endpoint is refused, or null when it may be saved. The server POSTs to
 * this address, so it must be one of the known push services on https's own port (443): a
 * browser never names anything else, and anything else would let a caller make the server POST
 * to a host of their choosing. No credentials, and no address of this machine or a private
 * network (checked again, after DNS, on every send: push-sender.ts). `allowPrivate`
 * (PUSH_ALLOW_PRIVATE, tests with a push service of their own) lifts all but the first rules.
 */
export function endpointProblem(endpoint: string, rules: PushEndpointRules): string | null {
  const allowPrivate = rules.allowPrivateEndpoints;
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
  if (!isPushService(host, rules.pushServices) || (url.port !== '' && url.port !== '443'))
    return "This push endpoint is not a browser's push service";
  return null;
}
