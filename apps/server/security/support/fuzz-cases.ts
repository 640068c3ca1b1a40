// What the fuzz test sends: for each endpoint of the contract, a valid request built from its
// schemas, then that request with one part broken at a time (a path parameter, a query value, a
// body field, the whole body, the token). Values come from fixed lists of known troublemakers
// and from fast-check's generators, seeded so that a failure can be replayed.
import { randomUUID } from 'node:crypto';
import type { AnyEndpoint } from '@doers/contract';
import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  default?: unknown;
};

export type Case = {
  endpoint: string;
  /** What was broken, for the report: "body.title = <NUL>". */
  label: string;
  method: string;
  path: string;
  body?: unknown;
  raw?: string | Buffer;
  contentType?: string;
  /** undefined: the fuzzing person's token; null: none; a string: that Authorization header. */
  authorization?: string | null;
};

/** Real ids for path parameters, so that a broken body reaches the handler's own checks. */
export type FuzzContext = {
  userId: string;
  otherUserId: string;
  questId: string;
  today: string;
};

const toJson = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** A value the schema accepts (refinements aside): the base every broken request starts from. */
export function validValue(s: JsonSchema, name: string, ctx: FuzzContext): unknown {
  if (s.anyOf) return validValue(s.anyOf.find((o) => o.type !== 'null') ?? s.anyOf[0]!, name, ctx);
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, validValue(v, k, ctx)]),
      );
    case 'array':
      return [];
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return s.minimum ?? (s.maximum !== undefined ? Math.min(1, s.maximum) : 1);
    case 'string': {
      if (s.format === 'uuid') return /user/i.test(name) ? ctx.otherUserId : randomUUID();
      if (s.format === 'email' || /email/i.test(name)) return 'fuzz_person@security.doers.test';
      if (s.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return ctx.today;
      if (/password/i.test(name)) return 'Fz-not-their-password-1';
      const min = Math.max(s.minLength ?? 0, /name/i.test(name) ? 3 : 1);
      return 'fuzz'.padEnd(Math.min(min, s.maxLength ?? Infinity), 'z');
    }
    default:
      return 'fuzz';
  }
}

const NUL = '\u0000';
/** Strings that break parsers, databases, terminals and eyes. */
const NASTY_STRINGS = [
  '',
  ' ',
  NUL,
  `a${NUL}b`,
  '\u202Egnp.exe', // right-to-left override
  'مرحبا بالعالم', // right-to-left script
  '👩‍👩‍👧‍👦🔥💯',
  '\uD800', // lone high surrogate
  'x\uDC00', // lone low surrogate
  '\uFEFF\u200B\u2060',
  'Z̷̡̢̛͚̗̞̈́̀a̸̧͓̺͛l̵̰̈g̶̣͗o̵̗͐',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '$1',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%ZZ',
  '\r\nSet-Cookie: evil=1',
  'NaN',
  '-0',
  '1e400',
  '__proto__',
  'a'.repeat(257),
  'é'.repeat(5_000),
  'x'.repeat(90_000), // long, yet under the 100 KB body limit
];
const NASTY_NUMBERS = [0, -1, -0.5, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308];
const WRONG_TYPES: unknown[] = [null, true, false, [], {}, [1, 'a'], { $gt: '' }, { length: 1 }];
const BAD_UUIDS = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  randomUUID().toUpperCase(),
  `${randomUUID()}${NUL}`,
  `${randomUUID()} `,
  '123',
];
const BAD_DAYS = ['2026-02-30', '2026-13-01', '0000-00-00', '9999-12-31', '1970-01-01', '20260310'];

/** The replacements for one field: always the fixed lists, then `random` fast-check values. */
function fieldValues(s: JsonSchema, seed: number, random: number): unknown[] {
  const values: unknown[] = [...WRONG_TYPES, ...NASTY_NUMBERS, ...NASTY_STRINGS];
  const type = Array.isArray(s.type) ? s.type[0] : (s.type ?? s.anyOf?.[0]?.type);
  if (s.format === 'uuid' || s.anyOf?.some((o) => o.format === 'uuid')) values.push(...BAD_UUIDS);
  if (s.pattern?.includes('\\d{4}') || s.anyOf?.some((o) => o.pattern?.includes('\\d{4}')))
    values.push(...BAD_DAYS);
  if (s.enum) values.push(`${String(s.enum[0])}x`, String(s.enum[0]).toUpperCase(), 'nope');
  if (s.maxLength !== undefined) values.push('m'.repeat(s.maxLength), 'm'.repeat(s.maxLength + 1));
  if (type === 'integer' || type === 'number') {
    if (s.minimum !== undefined) values.push(s.minimum - 1, String(s.minimum));
    if (s.maximum !== undefined) values.push(s.maximum + 1);
  }
  if (type === 'array') values.push(Array(1_000).fill('x'), [null], [[[]]]);
  values.push(
    ...fc.sample(fc.jsonValue({ maxDepth: 2 }), { seed, numRuns: random }),
    ...fc.sample(fc.string({ unit: 'binary', maxLength: 40 }), { seed: seed + 1, numRuns: random }),
  );
  return values;
}

/** Values as they travel in a path or a query string, already percent-encoded where needed. */
const RAW_URL_VALUES = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '%00',
  '%ED%A0%80', // a lone surrogate in UTF-8: not valid
  '%E2%80%AE', // right-to-left override
  '%F0%9F%94%A5',
  '%ZZ',
  '..%2F..%2Fetc%2Fpasswd',
  "'%20OR%201=1--",
  '-1',
  '1e9',
  '%20',
  'a'.repeat(150),
  'a'.repeat(5_000),
];

/** Every byte of the UTF-8 form as %XX (encodeURIComponent throws on a lone surrogate). */
const percentEncoded = (text: string) =>
  [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const BAD_CURSORS = [
  b64('garbage'),
  b64(`2026-03-10T09:00:00.000Z|not-a-uuid`),
  b64(`9999-99-99T00:00:00.000Z|${randomUUID()}`),
  b64(`2026-03-10T09:00:00.000Z|${randomUUID()}|extra`),
  b64(`${NUL}|${NUL}`),
  b64(`0|${randomUUID()}`),
  percentEncoded('\uFFFD'.repeat(10)),
  'x'.repeat(201),
  '%00',
  '%ZZ',
  '!!!!',
];

function pathFor(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_m, name: string) => params[name] ?? 'x');
}

/** A path parameter's real value: the person's own id, the other person's, or a quest. */
function paramValue(e: AnyEndpoint, name: string, s: JsonSchema, ctx: FuzzContext): string {
  if (/user/i.test(name) || (name === 'id' && /^\/(users|admin\/users)\//.test(e.path)))
    return e.path.startsWith('/users') ? ctx.userId : ctx.otherUserId;
  if (name === 'id' && e.path.startsWith('/quests/')) return ctx.questId;
  return percentEncoded(String(validValue(s, name, ctx)));
}

export function casesFor(
  name: string,
  e: AnyEndpoint,
  ctx: FuzzContext,
  options: { seed: number; random: number },
): Case[] {
  const cases: Case[] = [];
  const paramsSchema = e.params ? toJson(e.params) : undefined;
  const querySchema = e.query ? toJson(e.query) : undefined;
  const bodySchema = e.body ? toJson(e.body) : undefined;
  const params = Object.fromEntries(
    Object.entries(paramsSchema?.properties ?? {}).map(([k, s]) => [k, paramValue(e, k, s, ctx)]),
  );
  const base = `/api${pathFor(e.path, params)}`;
  const body = bodySchema ? validValue(bodySchema, 'body', ctx) : undefined;
  const add = (label: string, c: Partial<Case>) =>
    cases.push({ endpoint: name, label, method: e.method, path: base, ...c });
  const withBody = e.body ? { body } : {};
  let seed = options.seed;

  add('valid', withBody);
  add('no token', { ...withBody, authorization: null });
  for (const authorization of [
    'Bearer garbage',
    'Bearer ',
    'Basic Zm9vOmJhcg==',
    `Bearer ${'eyJhbGciOiJub25lIn0'}.${b64('{"sub":"x","ep":0}')}.`,
    `Bearer ${'a'.repeat(8_000)}`,
  ])
    add(`Authorization: ${authorization.slice(0, 30)}`, { ...withBody, authorization });

  for (const param of Object.keys(params)) {
    for (const value of RAW_URL_VALUES) {
      const path = `/api${pathFor(e.path, { ...params, [param]: value })}`;
      add(`path ${param} = ${value.slice(0, 40)}`, { ...withBody, path });
      add(`path ${param} = ${value.slice(0, 40)}, no token`, {
        ...withBody,
        path,
        authorization: null,
      });
    }
  }

  const queryFields = Object.entries(querySchema?.properties ?? {});
  const validQuery = Object.fromEntries(
    queryFields.map(([k, s]) => [k, percentEncoded(String(validValue(s, k, ctx)))]),
  );
  const queryString = (q: Record<string, string>) =>
    Object.entries(q)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
  for (const [field, s] of queryFields) {
    const values = [
      ...RAW_URL_VALUES,
      ...(field === 'cursor' ? BAD_CURSORS : []),
      ...fieldValues(s, seed++, options.random)
        .filter((v) => typeof v !== 'object' || v === null)
        .map((v) => percentEncoded(String(v))),
    ];
    for (const value of values)
      add(`query ${field} = ${value.slice(0, 40)}`, {
        ...withBody,
        path: `${base}?${queryString({ ...validQuery, [field]: value })}`,
      });
    add(`query ${field} twice`, {
      ...withBody,
      path: `${base}?${field}=1&${field}=2&${queryString(validQuery)}`,
    });
    add(`query ${field}[a]`, { ...withBody, path: `${base}?${field}[a]=b&${field}[]=c` });
  }
  if (e.method === 'GET') add('unknown query', { path: `${base}?zzz=1&__proto__[x]=1` });

  if (bodySchema) {
    const fields = Object.entries(bodySchema.properties ?? {});
    for (const [field, s] of fields) {
      for (const value of fieldValues(s, seed++, options.random))
        add(`body.${field} = ${describe(value)}`, {
          body: { ...(body as object), [field]: value },
        });
      const { [field]: _dropped, ...without } = body as Record<string, unknown>;
      add(`body.${field} missing`, { body: without });
      // One level down: the device of a sign-in, the tasks of a quest.
      if (s.type === 'object')
        for (const [inner] of Object.entries(s.properties ?? {}))
          for (const value of [null, 42, NUL, '\uD800', 'x'.repeat(10_000), {}])
            add(`body.${field}.${inner} = ${describe(value)}`, {
              body: {
                ...(body as object),
                [field]: { ...((body as Record<string, object>)[field] ?? {}), [inner]: value },
              },
            });
      if (s.type === 'array' && s.items)
        for (const value of [null, 1, NUL, {}, validValue(s.items, field, ctx)])
          add(`body.${field}[0] = ${describe(value)}`, {
            body: { ...(body as object), [field]: [value, value] },
          });
    }
    add('extra fields', {
      body: {
        ...(body as object),
        isFounder: true,
        accountType: 'founder',
        supporterTier: 'champion',
        adminAccess: true,
        userId: ctx.otherUserId,
        ownerId: ctx.otherUserId,
        id: ctx.otherUserId,
      },
    });
    add('__proto__ in the body', {
      raw: `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},${JSON.stringify(body).slice(1)}`,
    });
  }
  if (e.method !== 'GET') {
    for (const value of [null, [], 'text', 123, true])
      add(`body = ${describe(value)}`, { body: value });
    add('no body', {});
    add('bad JSON', { raw: '{"a": 1,,}' });
    add('truncated JSON', { raw: JSON.stringify(body ?? {}).slice(0, -1) });
    add('JSON nested 10,000 deep', { raw: '['.repeat(10_000) + ']'.repeat(10_000) });
    add('text/plain', { raw: JSON.stringify(body ?? {}), contentType: 'text/plain' });
    add('form', { raw: 'a=b&c=d', contentType: 'application/x-www-form-urlencoded' });
    add('1 MB body', { body: { ...(body as object), padding: 'x'.repeat(1_048_576) } });
    add('1 MB string field', {
      body: { ...(body as object), [Object.keys(body ?? { x: 0 })[0]!]: 'y'.repeat(1_048_576) },
    });
    add('invalid UTF-8', {
      raw: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
  }
  return cases;
}

function describe(value: unknown): string {
  if (typeof value === 'string')
    return value.length > 30
      ? `"${value.slice(0, 12)}…" (${value.length} chars)`
      : JSON.stringify(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
