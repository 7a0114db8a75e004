/**
 * Seed data a Japanese shopper would believe: two channels with their settings, 300+ products in a
 * category tree, makers and brands, content, the payment methods and the demo member. Deterministic
 * (seeded PRNG, fixed dates) and done in one transaction so a failed seed leaves nothing behind.
 */
import { sql } from 'drizzle-orm';
import { refreshPopularity, refreshSearchText } from '../../services/products/search/refresh.ts';
import type { Db, Tx } from '../client.ts';
import { channels } from '../schema/index.ts';
import { seedBenefits } from './benefits.ts';
import { seedCatalog } from './catalog.ts';
import { seedCatalogs } from './catalogs.ts';
import { MAIN_CHANNEL, OUTLET_CHANNEL, seedChannels } from './channels.ts';
import { seedContent } from './content.ts';
import { seedDelivery } from './delivery.ts';
import { seedEditors } from './editors.ts';
import { seedLayouts } from './layouts.ts';
import { seedMembers } from './members.ts';
import { seedOrders } from './orders.ts';
import { seedSchoolChannel } from './school.ts';

export { DEV_ADMIN, DEV_EDITOR, DEV_STAFF } from './editors.ts';
export { DEMO, DEMO_MFA } from './members.ts';

/** Any number; shared by every process that may seed the same database. */
const SEED_LOCK = 20260402;

async function seedAll(tx: Tx) {
  // The seed hashes the demo member's password (a slow KDF) and builds rows in JavaScript between
  // statements; on a busy machine that idle time passed the pool's idle-in-transaction limit
  // (DATABASE_IDLE_IN_TX_TIMEOUT_MS, 10 s) and PostgreSQL ended the connection mid-seed. A one-off
  // bulk load holding the seed lock may take its time; the limit stays for every other transaction.
  await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
  await seedChannels(tx);
  await seedCatalog(tx, { main: MAIN_CHANNEL, outlet: OUTLET_CHANNEL });
  await seedContent(tx);
  await seedMembers(tx);
  await seedCatalogs(tx);
  await seedDelivery(tx);
  await seedBenefits(tx);
  await seedLayouts(tx);
  await seedEditors(tx);
  // Last, so the first two channels' rows keep the ids they always had.
  await seedSchoolChannel(tx);
  await seedOrders(tx);
}

/** Seeds a fresh (migrated, empty) database. */
export async function seed(db: Db): Promise<void> {
  await db.transaction(seedAll);
  await refreshSearch(db, true);
  await analyze(db);
}

/** The derived search columns (search_text, popularity); `all` after a seed, else only missing words. */
async function refreshSearch(db: Db, all: boolean) {
  await refreshSearchText(db, { all });
  if (all) await refreshPopularity(db);
}

/** Fresh statistics, so the planner sizes the freshly filled tables right from the first request. */
async function analyze(db: Db) {
  await db.execute(sql`analyze`);
}

/** Seeds only when there are no channels yet; true if it seeded. Safe when two processes start at once. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    // Serialises concurrent first starts on PostgreSQL; the loser then sees the seeded data.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx.select({ id: channels.id }).from(channels).limit(1);
    if (existing.length) return false;
    await seedAll(tx);
    return true;
  });
  // A database seeded before search existed gets its search words here (only rows without any).
  await refreshSearch(db, seeded);
  if (seeded) await analyze(db);
  return seeded;
}
