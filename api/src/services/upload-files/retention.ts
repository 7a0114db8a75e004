/**
 * The retention of uploads no inquiry took (issue 21 item 11): a file uploaded more than
 * UPLOAD_RETENTION_HOURS ago and never attached (`uploaded_files.attached_at` null) is deleted, its
 * bytes from disk or the bucket and then its row. Run hourly by every serving process (the maintenance
 * timers server.ts starts, product-requests/restock-watcher.ts); several processes at once are safe: each batch locks its rows FOR UPDATE SKIP LOCKED,
 * so two processes never take the same file, and an inquiry attaching a file at that moment either
 * waits for the lock and then finds the file gone (422 on attachment_url) or attaches it first, and
 * the row is no longer picked.
 */
import { and, asc, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploaded_files } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { lineLogger } from '../../lib/log.ts';
import { storageOf } from '../storage/index.ts';

export type RetentionEnv = Pick<
  ApiEnv,
  | 'UPLOAD_RETENTION_HOURS'
  | 'DATA_DIR'
  | 'UPLOAD_DIR'
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
>;

/**
 * Deletes unattached uploads older than the retention period, `batch` at a time; answers how many
 * went. A file whose storage refuses the delete keeps its row (tried again next round) and is reported.
 */
export async function purgeUnattachedUploads(
  db: Db,
  env: RetentionEnv,
  warn: (m: string) => void = lineLogger('uploads', 'warn'),
  batch = 200,
): Promise<number> {
  const before = new Date(Date.now() - env.UPLOAD_RETENTION_HOURS * 3_600_000);
  let total = 0;
  for (;;) {
    const { deleted, picked } = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: uploaded_files.id, storage: uploaded_files.storage, object_key: uploaded_files.object_key })
        .from(uploaded_files)
        .where(and(isNull(uploaded_files.attached_at), lt(uploaded_files.created_at, before)))
        .orderBy(asc(uploaded_files.id))
        .limit(batch)
        .for('update', { skipLocked: true });
      const gone: number[] = [];
      for (const row of rows) {
        try {
          await storageOf(env, row.storage).delete(row.object_key);
          gone.push(row.id);
        } catch (e) {
          warn(`[uploads] deleting ${row.object_key}: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      if (gone.length) await tx.delete(uploaded_files).where(inArray(uploaded_files.id, gone));
      return { deleted: gone.length, picked: rows.length };
    });
    total += deleted;
    // A short batch is the last; a batch that deleted nothing (storage down) is not retried now.
    if (picked < batch || deleted === 0) return total;
  }
}
