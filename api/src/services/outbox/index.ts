/** The mail outbox worker: see worker.ts. */

export { mailQueued, onMailQueued } from './signal.ts';
export { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from './worker.ts';
