/** `npm run db:seed`: opens the configured database (migrating it) and seeds it if it is empty. */

import { databaseUrl, readEnv } from '../../env.ts';
import { openDatabase } from '../client.ts';
import { seedIfEmpty } from './index.ts';

const database = await openDatabase(databaseUrl(readEnv()));
try {
  const started = Date.now();
  const seeded = await seedIfEmpty(database.db);
  console.log(
    seeded ? `Seeded the ${database.kind} database in ${Date.now() - started} ms.` : 'The database already has data; nothing seeded.',
  );
} finally {
  await database.close();
}
