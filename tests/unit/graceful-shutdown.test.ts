/**
 * The shutdown sequence (api/src/routes/health/shutdown.ts) over a real http server: on SIGTERM
 * readiness is off at once, new requests are still served during the drain, then the server stops
 * accepting, a slow request in flight still completes with 200, and only then are the workers and
 * the database closed and the process "exits" 0.
 */
import { EventEmitter } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { installGracefulShutdown, shutdownDrainMs } from '../../api/src/routes/health/shutdown.ts';

/** GET `path` on a new connection (agent: false); resolves with the status and body, or the error's code. */
function get(port: number, path: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => {
        body += d.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    req.end();
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: Server | null = null;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

describe('graceful shutdown', () => {
  it('turns readiness off, drains, finishes a slow request, then closes and exits 0', async () => {
    let stopping = false;
    const events: string[] = [];
    server = createServer((req, res) => {
      if (req.url === '/readyz') {
        res.writeHead(stopping ? 503 : 200).end(stopping ? 'stopping' : 'ready');
        return;
      }
      if (req.url === '/slow') {
        setTimeout(() => {
          events.push('slow done');
          res.writeHead(200).end('slow');
        }, 1200);
        return;
      }
      res.writeHead(200).end('ok');
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    const signals = new EventEmitter();
    let exitCode: number | null = null;
    installGracefulShutdown({
      server,
      signals,
      drainMs: 500,
      finishMs: 5000,
      log: (line) => events.push(line),
      readiness: [
        {
          stop: () => {
            stopping = true;
          },
        },
      ],
      close: async () => {
        events.push('closed');
      },
      exit: (code) => {
        exitCode = code;
        events.push(`exit ${code}`);
      },
    });
    expect(await get(port, '/readyz')).toEqual({ status: 200, body: 'ready' });
    const slow = get(port, '/slow');
    await sleep(100);
    signals.emit('SIGTERM');
    // Readiness off at once; still serving during the drain.
    expect(await get(port, '/readyz')).toEqual({ status: 503, body: 'stopping' });
    expect(await get(port, '/')).toEqual({ status: 200, body: 'ok' });
    await sleep(600);
    // Drain over: no new connections, the slow one still in flight.
    expect(await get(port, '/')).toEqual({ error: 'ECONNREFUSED' });
    expect(exitCode).toBeNull();
    expect(await slow).toEqual({ status: 200, body: 'slow' });
    await sleep(100);
    expect(exitCode).toBe(0);
    expect(events.filter((e) => !e.startsWith('SIGTERM'))).toEqual(['slow done', 'closed', 'exit 0']);
    expect(events[0]).toMatch(/^SIGTERM: shutting down/);
  });

  it('cuts requests that outlast the finish bound and exits 1', async () => {
    server = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    const codes: number[] = [];
    const done = installGracefulShutdown({
      server,
      signals: new EventEmitter(),
      drainMs: 0,
      finishMs: 300,
      log: () => {},
      readiness: [],
      close: async () => {},
      exit: (c) => codes.push(c),
    });
    const hung = get(port, '/');
    await sleep(50);
    const started = Date.now();
    await done.shutdown('SIGTERM');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(codes).toEqual([1]);
    expect(await hung).toHaveProperty('error');
  });

  it('reads SHUTDOWN_DRAIN_MS: 5000 by default in production, 0 otherwise, and refuses nonsense', () => {
    expect(shutdownDrainMs({ NODE_ENV: 'production' })).toBe(5000);
    expect(shutdownDrainMs({})).toBe(0);
    expect(shutdownDrainMs({ SHUTDOWN_DRAIN_MS: '1500' })).toBe(1500);
    expect(() => shutdownDrainMs({ SHUTDOWN_DRAIN_MS: 'soon' })).toThrow(/SHUTDOWN_DRAIN_MS must be a whole number/);
  });
});
