/**
 * A bounded pool of password-hashing workers. At most `concurrency` hashes run at once, each on its
 * own worker thread; at most `queueMax` wait. Anything beyond is refused at once (429 with
 * Retry-After), so a login flood costs a fixed amount of CPU and never queues without end.
 */
import { Worker } from 'node:worker_threads';
import { readEnv } from '../../../env.ts';
import { KDF_BUSY_MESSAGE, RetryLaterError } from '../../rate-limit/errors.ts';
import type { KdfJob, KdfResult } from './types.ts';

export interface KdfPoolOptions {
  concurrency: number;
  queueMax: number;
}

interface Pending {
  job: KdfJob;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

const workerUrl = new URL('./worker.ts', import.meta.url);

/** Worker threads computing scrypt, with a bounded wait queue. */
export class KdfPool {
  readonly options: KdfPoolOptions;
  private idle: Worker[] = [];
  /** Running workers and the job each is on. */
  private busy = new Map<Worker, Pending>();
  private queue: Pending[] = [];
  private closed = false;

  constructor(options: KdfPoolOptions) {
    this.options = options;
  }

  /** Hashes waiting for a worker plus hashes running now. */
  get load(): { running: number; waiting: number } {
    return { running: this.busy.size, waiting: this.queue.length };
  }

  /** Throws the 429 a caller beyond the bound gets, before it spends anything (queries) on the request. */
  assertRoom(): void {
    const full = this.idle.length === 0 && this.busy.size >= this.options.concurrency && this.queue.length >= this.options.queueMax;
    if (full) throw this.busyError();
  }

  /** Runs one scrypt derivation on a worker; rejects with a 429 RetryLaterError when the queue is full. */
  derive(job: KdfJob): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('KDF pool is closed'));
    return new Promise((resolve, reject) => {
      const pending = { job, resolve, reject };
      const worker = this.takeWorker();
      if (worker) this.run(worker, pending);
      else if (this.queue.length < this.options.queueMax) this.queue.push(pending);
      else reject(this.busyError());
    });
  }

  private busyError(): RetryLaterError {
    // 429, not 503: the storefront treats every 503 as maintenance (spec 8) and would leave the shop.
    // About one hash time (~0.3 s) per queued job ahead of a retry: a rough but honest Retry-After.
    return new RetryLaterError(429, KDF_BUSY_MESSAGE, 'common.busy', 1 + (this.options.queueMax / this.options.concurrency) * 0.3);
  }

  /** Terminates every worker and fails what is still waiting. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('KDF pool is closed'));
    const workers = [...this.idle, ...this.busy.keys()];
    for (const p of this.busy.values()) p.reject(new Error('KDF pool is closed'));
    this.busy.clear();
    await Promise.all(workers.map((w) => w.terminate()));
    this.idle = [];
  }

  private takeWorker(): Worker | undefined {
    const idle = this.idle.pop();
    if (idle) return idle;
    if (this.busy.size >= this.options.concurrency) return undefined;
    const worker = new Worker(workerUrl, { name: 'kdf' });
    worker.on('message', (result: KdfResult) => {
      const pending = this.busy.get(worker);
      if (!pending) return;
      if ('key' in result) pending.resolve(Buffer.from(result.key));
      else pending.reject(new Error(result.error));
      this.release(worker);
    });
    // A crashed worker fails its job and is replaced by a fresh one for the next job.
    worker.on('error', (error) => this.drop(worker, error));
    worker.on('exit', () => this.drop(worker, new Error('KDF worker exited')));
    return worker;
  }

  private run(worker: Worker, pending: Pending) {
    this.busy.set(worker, pending);
    // Referenced only while it works: an idle pool never keeps a script (seed, tests) alive.
    worker.ref();
    worker.postMessage(pending.job);
  }

  private release(worker: Worker) {
    this.busy.delete(worker);
    const next = this.queue.shift();
    if (next) return this.run(worker, next);
    worker.unref();
    this.idle.push(worker);
  }

  private drop(worker: Worker, error: Error) {
    this.busy.get(worker)?.reject(error);
    this.busy.delete(worker);
    this.idle = this.idle.filter((w) => w !== worker);
    if (this.closed) return;
    const next = this.queue.shift();
    if (!next) return;
    const fresh = this.takeWorker();
    if (fresh) this.run(fresh, next);
    else this.queue.unshift(next);
  }
}

const pools = new Map<string, KdfPool>();

/** The process-wide pool for these limits (default: KDF_CONCURRENCY and KDF_QUEUE_MAX from the environment). */
export function kdfPool(options?: KdfPoolOptions): KdfPool {
  const opts =
    options ??
    (() => {
      const env = readEnv();
      return { concurrency: env.KDF_CONCURRENCY, queueMax: env.KDF_QUEUE_MAX };
    })();
  const key = `${opts.concurrency}:${opts.queueMax}`;
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = new KdfPool(opts)));
  return pool;
}

/** Terminates every pool's workers (server shutdown). */
export async function closeKdfPools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.close()));
}
