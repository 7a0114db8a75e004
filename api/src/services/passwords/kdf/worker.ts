/**
 * One password-hashing worker: runs scrypt synchronously on its own thread, so hashing never takes
 * a slot of libuv's threadpool (which also reads the static files the shop serves).
 */
import { scryptSync } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import type { KdfJob, KdfResult } from './types.ts';

parentPort!.on('message', (job: KdfJob) => {
  let result: KdfResult;
  try {
    const key = scryptSync(job.password, job.salt, job.keylen, { N: job.N, r: job.r, p: job.p, maxmem: job.maxmem });
    result = { key };
  } catch (error) {
    result = { error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(result);
});
