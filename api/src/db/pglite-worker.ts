/**
 * Worker thread that owns the embedded database. PGlite runs each query synchronously in WebAssembly,
 * so in the HTTP process it would stall every request while it works; here it only stalls this
 * thread. It speaks the PostgreSQL wire protocol on a private unix socket, so the API reaches it with
 * `pg` exactly like a PostgreSQL server (same driver, prepared statements, timeouts).
 *
 * PGlite has one session. Connections take turns: a connection that starts a statement (up to its
 * Sync or simple Query) or opens a transaction keeps the session until it is idle again. The API
 * uses a pool of one connection, so turns are rare; they keep a stray second client (a script, a
 * reconnect) from landing inside someone else's transaction.
 */
import { createServer, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export interface PgliteWorkerData {
  dataDir: string | null;
  listen: { path: string } | { host: string; port: number };
  /** A data-directory tarball (from a `dump`) to start from instead of an empty database. */
  loadDataDir?: Uint8Array<ArrayBuffer> | null;
}
export type PgliteWorkerMessage =
  | { type: 'ready'; address: { path: string } | { host: string; port: number } }
  | { type: 'error'; message: string }
  | { type: 'dumped'; data: Uint8Array<ArrayBuffer> }
  | { type: 'closed' };

const { dataDir, listen, loadDataDir } = workerData as PgliteWorkerData;
const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

/** A protocol message of a connection, or (message null) the clean-up after it closed. */
interface Job {
  conn: Connection;
  message: Uint8Array | null;
  done: () => void;
}

class Connection {
  buffer = Buffer.alloc(0);
  started = false;
  closed = false;
  readonly socket: Socket;
  constructor(socket: Socket) {
    this.socket = socket;
  }
}

let db: PGlite;
const queue: Job[] = [];
let owner: Connection | null = null;
let pumping = false;

/** Runs queued messages one at a time, letting only the session's owner in while it holds it. */
async function pump(): Promise<void> {
  if (pumping) return;
  pumping = true;
  try {
    for (;;) {
      const index = owner ? queue.findIndex((j) => j.conn === owner) : 0;
      if (index < 0 || !queue.length) break;
      const [job] = queue.splice(index, 1);
      if (!job.message) {
        await cleanUp(job.conn);
        job.done();
        continue;
      }
      const type = job.message[0];
      owner = job.conn;
      await db.execProtocolRawStream(job.message, {
        // PGlite hands out a view of its reused receive buffer: copy it, or a write still queued on a
        // busy socket is overwritten by the next chunk (answers over ~128 KB arrived corrupt).
        onRawData: (data) => {
          if (!job.conn.closed) job.conn.socket.write(Buffer.from(data));
        },
      });
      // After Sync or a simple Query the connection is idle unless it left a transaction open.
      if ((type === 0x53 || type === 0x51 || !job.conn.started) && !db.isInTransaction()) owner = null;
      job.conn.started = true;
      job.done();
    }
  } finally {
    pumping = false;
  }
}

/** A closed connection gives up its turn; its open transaction and named statements are dropped. */
function release(conn: Connection): void {
  if (conn.closed) return;
  conn.closed = true;
  for (let i = queue.length - 1; i >= 0; i--) if (queue[i].conn === conn) queue.splice(i, 1)[0].done();
  // Queued like a message of the closed connection, so it never lands inside another one's turn.
  queue.push({ conn, message: null, done: () => {} });
  void pump();
}

async function cleanUp(conn: Connection): Promise<void> {
  // The next client would otherwise find itself inside this one's transaction.
  if (owner === conn && db.isInTransaction()) await db.exec('rollback').catch(() => {});
  if (owner === conn) owner = null;
  // The next client's `pg` starts with an empty statement cache: the names must be free again.
  await db.exec('deallocate all').catch(() => {});
}

/** Splits the byte stream into protocol messages (the startup packet has no type byte). */
function nextMessage(conn: Connection): Buffer | 'ssl' | 'cancel' | null {
  const b = conn.buffer;
  if (!conn.started) {
    if (b.length < 8) return null;
    const length = b.readInt32BE(0);
    const code = b.readInt32BE(4);
    if (b.length < length) return null;
    conn.buffer = b.subarray(length);
    if (code === SSL_REQUEST) return 'ssl';
    if (code === CANCEL_REQUEST) return 'cancel';
    if (code !== PROTOCOL_3) throw new Error(`unsupported protocol ${code}`);
    return b.subarray(0, length);
  }
  if (b.length < 5) return null;
  const length = 1 + b.readInt32BE(1);
  if (b.length < length) return null;
  conn.buffer = b.subarray(length);
  return b.subarray(0, length);
}

function serve(socket: Socket): void {
  const conn = new Connection(socket);
  let chain = Promise.resolve();
  socket.setNoDelay(true);
  socket.on('data', (data) => {
    conn.buffer = Buffer.concat([conn.buffer, data]);
    chain = chain
      .then(async () => {
        for (let m = nextMessage(conn); m; m = nextMessage(conn)) {
          if (m === 'cancel') {
            socket.destroy();
            return;
          } // no backend to signal: PGlite cannot cancel
          if (m === 'ssl') {
            socket.write('N');
            continue;
          }
          if (conn.started && m[0] === 0x58) {
            socket.end();
            return;
          } // Terminate
          const message = new Uint8Array(m);
          await new Promise<void>((done) => {
            queue.push({ conn, message, done });
            void pump();
          });
        }
      })
      .catch(() => {
        socket.destroy();
      });
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    void chain.then(() => release(conn));
  });
}

async function main() {
  // pg_trgm backs the Japanese-aware product search (migration 0006), as on PostgreSQL.
  const options = { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}) };
  db = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await db.waitReady;
  const server = createServer(serve);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if ('path' in listen) server.listen(listen.path, resolve);
    else server.listen(listen.port, listen.host, resolve);
  });
  const address = server.address();
  parentPort!.postMessage({
    type: 'ready',
    address: typeof address === 'string' || !address ? { path: String(address ?? '') } : { host: address.address, port: address.port },
  } satisfies PgliteWorkerMessage);
  parentPort!.on('message', async (msg: { type: string }) => {
    if (msg.type === 'dump') {
      // An uncompressed tarball of the data directory, for `loadDataDir` (the test suite's template).
      await db.exec('checkpoint');
      const data = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
      parentPort!.postMessage({ type: 'dumped', data } satisfies PgliteWorkerMessage, [data.buffer]);
      return;
    }
    if (msg.type !== 'close') return;
    server.close();
    // PGlite writes its files on close: the data folder stays consistent.
    await db.close().catch(() => {});
    parentPort!.postMessage({ type: 'closed' } satisfies PgliteWorkerMessage);
  });
}

main().catch((error: unknown) => {
  parentPort!.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) } satisfies PgliteWorkerMessage);
});
