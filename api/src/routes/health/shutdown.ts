/**
 * Graceful shutdown of a serving process (npm run api, npm start) on SIGTERM/SIGINT:
 * 1. readiness off at once (/readyz answers 503, so balancers and Kubernetes stop sending new work);
 * 2. keep serving for SHUTDOWN_DRAIN_MS while they notice (default 5000 with NODE_ENV=production,
 *    0 otherwise so a developer's Ctrl-C and the tests stay quick; a second signal ends the drain);
 * 3. stop accepting connections, let requests in flight finish (at most FINISH_MS, then cut);
 * 4. close the workers and the database (`close`), exit 0 (1 when requests had to be cut).
 */
import type { Server } from 'node:http';

/** How long requests in flight may still take once the server stopped accepting. */
export const FINISH_MS = 10_000;

/** SHUTDOWN_DRAIN_MS, checked (a whole number of ms, 0 to 600000); the default depends on NODE_ENV. */
export function shutdownDrainMs(env: Record<string, string | undefined> = process.env): number {
  const text = env.SHUTDOWN_DRAIN_MS;
  if (text === undefined || text === '') return env.NODE_ENV === 'production' ? 5000 : 0;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 600_000)
    throw new Error(`SHUTDOWN_DRAIN_MS must be a whole number of milliseconds from 0 to 600000, got "${text}"`);
  return n;
}

export interface ShutdownOptions {
  server: Server;
  /** Told first: readiness objects to turn off. */
  readiness: { stop: () => void }[];
  /** Closes what the process opened (workers, Redis, database), after the last request finished. */
  close: () => Promise<void>;
  log: (line: string) => void;
  drainMs?: number;
  finishMs?: number;
  /** For tests: where the signals come from and what exiting means. */
  signals?: Pick<NodeJS.EventEmitter, 'on'>;
  exit?: (code: number) => void;
}

/** Installs the handlers; returns the sequence itself (`shutdown('SIGTERM')`), resolved after `exit`. */
export function installGracefulShutdown(options: ShutdownOptions): { shutdown: (signal: string) => Promise<void> } {
  const { server, readiness, close, log, signals = process, exit = (code: number) => process.exit(code) } = options;
  const drainMs = options.drainMs ?? shutdownDrainMs();
  const finishMs = options.finishMs ?? FINISH_MS;
  let running: Promise<void> | null = null;
  let endDrain = () => {};
  const sequence = async (signal: string) => {
    for (const r of readiness) r.stop();
    log(`${signal}: shutting down (not ready; serving ${drainMs} ms more, then finishing requests in flight)`);
    if (drainMs > 0)
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, drainMs);
        endDrain = () => {
          clearTimeout(t);
          resolve();
        };
      });
    let cut = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Keep-alive connections between requests hold close() open: close each as soon as it is idle.
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const finish = setTimeout(() => {
      cut = true;
      log(`requests still open after ${finishMs} ms, cutting them`);
      server.closeAllConnections();
    }, finishMs);
    await closed;
    clearInterval(idle);
    clearTimeout(finish);
    // A close that hangs (a worker stuck) must not keep the process alive for ever.
    const hard = setTimeout(() => {
      log('closing took over 10 s, exiting');
      exit(1);
    }, 10_000);
    hard.unref();
    await close().catch((error: unknown) => log(`closing: ${error instanceof Error ? error.message : String(error)}`));
    clearTimeout(hard);
    exit(cut ? 1 : 0);
  };
  const shutdown = (signal: string) => {
    if (running) {
      endDrain();
      return running;
    }
    running = sequence(signal);
    return running;
  };
  signals.on('SIGINT', () => void shutdown('SIGINT'));
  signals.on('SIGTERM', () => void shutdown('SIGTERM'));
  return { shutdown };
}
