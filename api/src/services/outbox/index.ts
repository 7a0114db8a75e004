/** The mail outbox worker: see worker.ts. */
export { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from './worker.ts';
export { onMailQueued, mailQueued } from './signal.ts';
