/**
 * Issue 5 §2, "no bad input reaches the database as a 500": every operation of the published OpenAPI
 * document is called with a NUL byte in each path, query and string body field, and with 99999999999
 * in each integer field, as a guest and as the demo member. Every answer must be a 4xx with a Japanese
 * JSON message; every other field holds a valid value, so the bad one is what the API must catch.
 * Issue 21 §9 and §12 add a bidirectional control (U+202E) in each string field and a JSON body
 * nested 50,000 deep on every write call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NOT_FOUND_MESSAGE } from '#contracts/constants.ts';
import { MAX_JSON_DEPTH } from '../../api/src/middleware/nul.ts';
import { createTestShop, loginDemo, type TestShop } from './helpers.ts';

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  nullable?: boolean;
}
interface Parameter {
  name: string;
  in: string;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

const HUGE = 99999999999;
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60]/;

let shop: TestShop;
let member: string;
let doc: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } };
let cartToken: string;
let addressId: number;

beforeAll(async () => {
  shop = await createTestShop();
  member = await loginDemo(shop);
  doc = await (await shop.request('GET', '/v1/openapi.json')).json();
  cartToken = (await (await shop.request('POST', '/v1/carts/init', { body: {} })).json()).token;
  addressId = (await (await shop.request('GET', '/v1/me/user-addresses', { token: member })).json())[0].id;
});
afterAll(async () => {
  await shop?.close();
});

const resolve = (s: JsonSchema): JsonSchema => (s.$ref ? resolve(doc.components!.schemas![s.$ref.split('/').pop()!]) : s);
const typesOf = (s: JsonSchema): string[] => {
  const r = resolve(s);
  const own = Array.isArray(r.type) ? r.type : r.type ? [r.type] : [];
  return [...own, ...[...(r.anyOf ?? []), ...(r.oneOf ?? []), ...(r.allOf ?? [])].flatMap(typesOf)];
};

/** A valid value for a field, by its name and schema, so only the field under test is wrong. */
function sample(name: string, schema: JsonSchema): unknown {
  const s = resolve(schema);
  const options = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].filter((o) => resolve(o).type !== 'null');
  if (options.length) return sample(name, options[options.length - 1]);
  if (s.enum) return s.enum[0];
  if (s.const !== undefined) return s.const;
  if (name === 'token') return cartToken;
  if (name === 'user_address_id') return addressId;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return [sample(name, s.items ?? {})];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(k, v)]));
    default:
      if (s.format === 'email' || name === 'email') return 'sweep@example.jp';
      if (s.format === 'date' || name === 'birthday') return '2000-01-01';
      if (/postal|^code$/.test(name)) return '1500001';
      if (/kana/.test(name)) return 'スイープ';
      if (/phone|fax/.test(name)) return '0312345678';
      if (/password/.test(name)) return 'sweep-pass-2026';
      return 'sweep';
  }
}

interface Call {
  label: string;
  path: string;
  query: Record<string, unknown>;
  body: unknown;
}

/** One call per bad field: every path/query/body field in turn gets `bad` where its type takes it. */
function calls(path: string, op: Operation, bad: unknown, takes: (s: JsonSchema) => boolean): Call[] {
  const params = op.parameters ?? [];
  const pathValues = Object.fromEntries(
    params
      .filter((p) => p.in === 'path')
      .map((p) => [p.name, p.name === 'token' ? cartToken : p.name === 'id' ? String(addressId) : String(sample(p.name, p.schema))]),
  );
  const query = Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, sample(p.name, p.schema)]));
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? (sample('', bodySchema) as Record<string, unknown>) : undefined;
  const fill = (values: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(values[n]));
  const out: Call[] = [];
  for (const p of params) {
    if (!takes(p.schema)) continue;
    if (p.in === 'path') out.push({ label: `path ${p.name}`, path: fill({ ...pathValues, [p.name]: String(bad) }), query, body });
    if (p.in === 'query') out.push({ label: `query ${p.name}`, path: fill(pathValues), query: { ...query, [p.name]: bad }, body });
  }
  if (bodySchema) {
    const walk = (schema: JsonSchema, at: string[]) => {
      const s = resolve(schema);
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        if (takes(v))
          out.push({ label: `body ${[...at, k].join('.')}`, path: fill(pathValues), query, body: setAt(body, [...at, k], bad) });
        const items = resolve(v).items;
        if (items && takes(items))
          out.push({ label: `body ${[...at, k]}[]`, path: fill(pathValues), query, body: setAt(body, [...at, k], [bad]) });
        if (resolve(v).properties) walk(v, [...at, k]);
      }
    };
    walk(bodySchema, []);
  }
  return out;
}

function setAt(value: unknown, path: string[], v: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string, unknown>;
  node[path[path.length - 1]] = v;
  return copy;
}

async function send(method: string, call: Call, token: string | null) {
  const qs = new URLSearchParams(Object.entries(call.query).map(([k, v]) => [k, String(v)])).toString();
  return shop.request(method.toUpperCase(), `/v1${call.path}${qs ? `?${qs}` : ''}`, { token, body: call.body });
}

/** Status, and what is wrong with the body if it is not a Japanese JSON error. */
async function check(res: Response): Promise<string | null> {
  if (res.status < 400 || res.status >= 500) return `status ${res.status}: ${(await res.text()).slice(0, 200)}`;
  if (!res.headers.get('content-type')?.includes('application/json')) return `not JSON: ${res.headers.get('content-type')}`;
  const body = (await res.json()) as { message?: string; errors?: Record<string, string[]> };
  const texts = [body.message ?? '', ...Object.values(body.errors ?? {}).flat()];
  const english = texts.filter((t) => t !== CHANNEL_NOT_FOUND_MESSAGE && !JAPANESE.test(t));
  return english.length ? `not Japanese: ${JSON.stringify(body)}` : null;
}

async function sweep(bad: unknown, takes: (s: JsonSchema) => boolean) {
  const failures: string[] = [];
  let count = 0;
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      for (const call of calls(path, op, bad, takes)) {
        for (const token of [null, member]) {
          count += 1;
          const problem = await check(await send(method, call, token));
          if (problem) failures.push(`${method.toUpperCase()} ${path} (${call.label}, ${token ? 'member' : 'guest'}): ${problem}`);
        }
      }
    }
  }
  return { failures, count };
}

describe('no bad input reaches the database as a 500', () => {
  it('publishes the operations it sweeps', () => {
    expect(Object.keys(doc.paths).length).toBeGreaterThan(30);
  });

  it('a NUL byte in any path, query or string body field answers 4xx with a Japanese JSON message', async () => {
    const { failures, count } = await sweep('\u0000', (s) => typesOf(s).includes('string') || typesOf(s).length === 0);
    expect(count).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it('99999999999 in any integer path, query or body field answers 4xx with a Japanese JSON message', async () => {
    const { failures, count } = await sweep(HUGE, (s) => typesOf(s).some((t) => t === 'integer' || t === 'number'));
    expect(count).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it('a bidirectional control (U+202E) in any path, query or string body field answers 4xx with a Japanese JSON message', async () => {
    const { failures, count } = await sweep('ab\u202ecd', (s) => typesOf(s).includes('string') || typesOf(s).length === 0);
    expect(count).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it('a JSON body nested 50,000 deep, or just past 32, answers 400 like malformed JSON on every write call', async () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    // About 300 KB: under BODY_LIMIT_BYTES; a call with a smaller body cap (public writes) may refuse it 413 first.
    const bodies = [
      { body: nested(50_000), capped: true },
      { body: nested(MAX_JSON_DEPTH + 1), capped: false },
    ];
    const failures: string[] = [];
    let count = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        if (method === 'get') continue;
        const url = `/v1${path.replace(/\{(\w+)\}/g, (_, n: string) => (n === 'token' ? cartToken : n === 'id' ? String(addressId) : '1'))}`;
        for (const { body: sent, capped } of bodies) {
          for (const token of [null, member]) {
            count += 1;
            const res = await shop.request(method.toUpperCase(), url, { token, body: sent });
            const body = (await res.json().catch(() => null)) as { code?: string } | null;
            const ok =
              (res.status === 400 && body?.code === 'common.bad_request') ||
              (capped && res.status === 413 && body?.code === 'common.payload_too_large');
            if (!ok)
              failures.push(
                `${method.toUpperCase()} ${path} (${sent.length} B, ${token ? 'member' : 'guest'}): ${res.status} ${JSON.stringify(body)}`,
              );
          }
        }
      }
    }
    expect(count).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  }, 180_000);

  it('names the field that holds a bidirectional control, in the body and in the query string (422)', async () => {
    for (const ch of ['\u202a', '\u202e', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c']) {
      const body = await (await shop.request('POST', '/v1/product-search-histories', { body: { word: `a${ch}b` } })).json();
      expect(body.errors?.word?.[0], JSON.stringify(ch)).toContain('使用できない文字が含まれています');
    }
    const res = await shop.request('GET', `/v1/products?keyword=${encodeURIComponent('abc\u202e')}`);
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual(['keyword']);
    expect((await shop.request('GET', `/v1/products/${encodeURIComponent('1\u202e')}`)).status).toBe(422);
  });

  it("answers the issue's examples: /products?keyword=%00, /products/%00 and an id of 99999999999", async () => {
    for (const path of ['/v1/products?keyword=%00', '/v1/products/%00', `/v1/me/user-addresses/${HUGE}`]) {
      const res = await shop.request('GET', path, { token: member });
      expect(res.status, path).toBe(422);
      expect(await check(res), path).toBeNull();
    }
  });
});
