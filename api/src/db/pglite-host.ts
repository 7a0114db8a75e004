/**
 * Starts the embedded database (PGlite) on its own worker thread and says where `pg` reaches it.
 * See pglite-worker.ts for why it is not on the main thread.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PgliteWorkerData, PgliteWorkerMessage } from './pglite-worker.ts';

export interface PgliteServer {
  /** `pg` connection settings for the worker's socket. */
  connection: { host: string; port: number; user: string; database: string };
  /** Closes PGlite (flushing its files) and stops the worker. */
  close: () => Promise<void>;
  /** The data directory as an uncompressed tarball, for `loadDataDir` (checkpointed first). */
  dumpDataDir: () => Promise<Uint8Array<ArrayBuffer>>;
}

/** The data folder a PGlite URL names (a path or file://path), or null for an in-memory database. */
export function pgliteDirOf(url: string): string | null {
  return url === 'memory://' || url === '' ? null : url.replace(/^file:\/\//, '');
}

/**
 * Runs PGlite for `dataDir` (null: in memory) in a worker thread serving the PostgreSQL protocol.
 * `loadDataDir`: a tarball from dumpDataDir() to start from instead of an empty database.
 */
export async function startPgliteServer(dataDir: string | null, loadDataDir: Uint8Array<ArrayBuffer> | null = null): Promise<PgliteServer> {
  if (dataDir) mkdirSync(dirname(resolve(dataDir)), { recursive: true }); // PGlite fails when the parent is missing
  // A unix socket in a private folder: only this user can reach a database that has no password.
  const socketDir = process.platform === 'win32' ? null : mkdtempSync(join(tmpdir(), 'shop-pglite-'));
  const listen: PgliteWorkerData['listen'] = socketDir ? { path: join(socketDir, '.s.PGSQL.5432') } : { host: '127.0.0.1', port: 0 };
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
    workerData: { dataDir: dataDir ? resolve(dataDir) : null, listen, loadDataDir } satisfies PgliteWorkerData,
  });
  const removeSocketDir = () => {
    if (socketDir) rmSync(socketDir, { recursive: true, force: true });
  };
  const ready = await new Promise<PgliteWorkerMessage>((resolvePromise, reject) => {
    worker.once('message', resolvePromise);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the embedded database worker exited (code ${code})`)));
  }).catch((error: unknown) => ({ type: 'error', message: error instanceof Error ? error.message : String(error) }) as const);
  if (ready.type !== 'ready') {
    await worker.terminate();
    removeSocketDir();
    const where = dataDir ? `in ${dataDir}` : 'in memory';
    throw new Error(`cannot open the embedded database ${where} (${ready.type === 'error' ? ready.message : 'no answer'})`);
  }
  const connection =
    'path' in ready.address
      ? { host: socketDir!, port: 5432, user: 'postgres', database: 'postgres' }
      : { host: ready.address.host, port: ready.address.port, user: 'postgres', database: 'postgres' };
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolvePromise) => {
      const done = () => {
        removeSocketDir();
        resolvePromise();
      };
      worker.once('exit', done);
      worker.once('message', (m: PgliteWorkerMessage) => {
        if (m.type === 'closed') void worker.terminate();
      });
      worker.postMessage({ type: 'close' });
    }));
  const dumpDataDir = () =>
    new Promise<Uint8Array<ArrayBuffer>>((resolvePromise, reject) => {
      const onMessage = (m: PgliteWorkerMessage) => {
        if (m.type !== 'dumped') return;
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        resolvePromise(m.data);
      };
      const onExit = () => {
        worker.off('message', onMessage);
        reject(new Error('the embedded database worker exited during a dump'));
      };
      worker.on('message', onMessage);
      worker.once('exit', onExit);
      worker.postMessage({ type: 'dump' });
    });
  // The worker must not keep a finished process alive (tests, scripts that forget close()).
  worker.unref();
  return { connection, close, dumpDataDir };
}
