import type { Db } from './db/client.ts';
import type { channels, users } from './db/schema/index.ts';
import type { ApiEnv } from './env.ts';
import type { MaintenanceSwitch } from './services/maintenance/switch.ts';

export type ChannelRow = typeof channels.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** Hono context shared by every sub-app. */
export interface AppEnv {
  Variables: {
    db: Db;
    env: ApiEnv;
    channel: ChannelRow;
    /** The signed-in member, or null for a guest (set by the auth middleware). */
    user: UserRow | null;
    /** The access token's row id, when signed in. */
    tokenId: number | null;
    /** The maintenance switch of this app (one per createApp, shared by /v1 and /admin/v1). */
    maintenance: MaintenanceSwitch;
  };
}
