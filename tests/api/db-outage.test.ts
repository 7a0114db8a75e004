/**
 * The database unreachable or hung (issue 5, section 2): requests fail within a few seconds with 503
 * and a Japanese message, and the API recovers by itself when the database comes back. A TCP proxy
 * between the pool and PostgreSQL plays the outage. PostgreSQL only: PGlite runs in-process.
 */

import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/src/app.ts';
import { type Database, openDatabase } from '../../api/src/db/client.ts';
import { seed } from '../../api/src/db/seed/index.ts';
import { readEnv } from '../../api/src/env.ts';
import { onPostgres } from './helpers.ts';

/** A proxy that forwards, holds every byte (a hung server), or refuses connections (server down). */
class OutageProxy {
  mode: 'open' | 'hung' = 'open';
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly held: (() => void)[] = [];
  port = 0;
  private readonly target: { host: string; port: number };
  constructor(target: { host: string; port: number }) {
    this.target = target;
  }

  async listen(port = 0) {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => this.sockets.delete(s));
      }
      const forward = (from: Socket, to: Socket) =>
        from.on('data', (d) => {
          if (this.mode === 'open') to.write(d);
          else this.held.push(() => to.write(d));
        });
      forward(client, upstream);
      forward(upstream, client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server!.address() as { port: number }).port;
  }

  resume() {
    this.mode = 'open';
    for (const send of this.held.splice(0)) send();
  }

  /** Stops listening and cuts every connection: the next connect is refused. */
  async down() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

const base = new URL(process.env.DATABASE_URL ?? 'postgres://localhost/postgres');
const name = `shop_test_${randomBytes(6).toString('hex')}`;
let proxy: OutageProxy;
let database: Database;
let app: ReturnType<typeof createApp>;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: base.toString() });
  await client.connect();
  await client.query(statement);
  await client.end();
}

function timedGet(path: string) {
  const t0 = performance.now();
  return Promise.resolve(app.request(path, { headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Channel-Id': 'default' } })).then(
    async (res) => ({ status: res.status, body: (await res.json()) as { message?: string }, ms: performance.now() - t0 }),
  );
}

const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe.skipIf(!onPostgres)('database outage', () => {
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const direct = new URL(base);
    direct.pathname = `/${name}`;
    const seeding = await openDatabase(direct.toString());
    await seed(seeding.db);
    await seeding.close();
    proxy = new OutageProxy({ host: base.hostname, port: Number(base.port || 5432) });
    await proxy.listen();
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    database = await openDatabase(viaProxy.toString(), {
      max: 4,
      connectTimeoutMs: 1000,
      statementTimeoutMs: 1000,
      idleInTransactionTimeoutMs: 2000,
    });
    app = createApp({ db: database.db, env: readEnv({ ...process.env, DATABASE_URL: viaProxy.toString() }) });
  }, 120_000);

  afterAll(async () => {
    proxy?.resume();
    await database?.close().catch(() => {});
    await proxy?.down().catch(() => {});
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('answers 503 with a Japanese message within seconds while the database hangs', async () => {
    expect((await timedGet('/v1/products')).status).toBe(200); // pooled connections exist
    proxy.mode = 'hung';
    const [inFlight, another] = await Promise.all([timedGet('/v1/products'), timedGet('/v1/products/krm-0060-03')]);
    for (const res of [inFlight, another]) {
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(japanese);
      expect(res.ms).toBeLessThan(5000);
    }
  });

  it('answers 503 at once while the database refuses connections', async () => {
    proxy.resume();
    await proxy.down();
    const res = await timedGet('/v1/products');
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(japanese);
    expect(res.ms).toBeLessThan(3000);
  });

  it('serves again without a restart once the database is back', async () => {
    await proxy.listen(proxy.port);
    let last = 0;
    for (let i = 0; i < 10 && last !== 200; i++) last = (await timedGet('/v1/products')).status;
    expect(last).toBe(200);
    const again = await Promise.all(Array.from({ length: 6 }, () => timedGet('/v1/products?page=2')));
    expect(again.map((r) => r.status)).toEqual(Array(6).fill(200));
  });
});
