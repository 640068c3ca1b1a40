import { isIP } from 'node:net';
import { z } from 'zod';

/** Whose X-Forwarded-For to believe: nobody's, the nearest N hops', or these proxies'. */
export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY: how many proxies stand in front of the server (`1`, `2`) or their addresses and
 * networks (`10.0.0.1,10.1.0.0/16`); `false` or unset for none. `true` is refused: it would
 * believe an X-Forwarded-For header from anyone, who could then pick the address that rate
 * limits count.
 */
export function trustProxySetting() {
  return z
    .string()
    .trim()
    .default('false')
    .transform((value, ctx): TrustProxy => {
      if (value === '' || value === 'false' || value === '0') return false;
      if (value === 'true') {
        ctx.addIssue({
          code: 'custom',
          message:
            '"true" would believe any X-Forwarded-For header, so anyone could choose the ' +
            'address rate limits count: give the number of proxies in front of the server ' +
            '(1, 2) or their addresses (10.0.0.1,10.1.0.0/16)',
        });
        return z.NEVER;
      }
      if (/^\d+$/.test(value)) {
        const hops = Number(value);
        if (hops <= 10) return hops;
        ctx.addIssue({ code: 'custom', message: 'at most 10 proxies' });
        return z.NEVER;
      }
      const proxies = value.split(',').map((p) => p.trim());
      const bad = proxies.filter((p) => !isAddressOrNetwork(p));
      if (bad.length === 0) return proxies;
      ctx.addIssue({
        code: 'custom',
        message: `not a proxy count, address or network (CIDR): ${bad.join(', ') || '(empty)'}`,
      });
      return z.NEVER;
    });
}

function isAddressOrNetwork(text: string): boolean {
  const [address = '', bits, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Fastify's trustProxy for a setting. A bare number there trusts nothing (Fastify refuses hop
 * counts), so a count becomes a function trusting the nearest N addresses of the chain: the
 * peer, then the X-Forwarded-For entries from the right.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
