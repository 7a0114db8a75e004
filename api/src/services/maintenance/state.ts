/**
 * The maintenance state: the editors' setting (table `maintenance`, one row) combined with
 * MAINTENANCE=1 from the environment. Reading and writing the row, and the pure combination.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { maintenance } from '../../db/schema.ts';
import { MAINTENANCE_DEFAULTS, type AdminMaintenance, type MaintenanceState, type MaintenanceUpdate } from '#contracts/maintenance.ts';

/** The editors' setting as stored (no row yet: off, default wording). */
export interface MaintenanceSetting {
  enabled: boolean;
  title: string | null;
  message: string | null;
  updatedAt: Date | null;
}

export const NO_SETTING: MaintenanceSetting = { enabled: false, title: null, message: null, updatedAt: null };

/** The state the shop acts on: on when either switch is, with the editor's wording or the defaults. */
export function effectiveState(setting: MaintenanceSetting, envEnabled: boolean): MaintenanceState {
  return {
    enabled: envEnabled || setting.enabled,
    title: setting.title || MAINTENANCE_DEFAULTS.title,
    message: setting.message || MAINTENANCE_DEFAULTS.message,
  };
}

/** The editor API's view: the state plus where it comes from. */
export function adminView(setting: MaintenanceSetting, envEnabled: boolean): AdminMaintenance {
  return {
    ...effectiveState(setting, envEnabled),
    setting_enabled: setting.enabled,
    env_enabled: envEnabled,
    custom_title: setting.title,
    custom_message: setting.message,
    updated_at: setting.updatedAt ? setting.updatedAt.toISOString() : null,
  };
}

/** Reads the editors' setting. */
export async function readSetting(db: Db): Promise<MaintenanceSetting> {
  const [row] = await db.select().from(maintenance).where(eq(maintenance.id, 1));
  return row ? { enabled: row.enabled, title: row.title, message: row.message, updatedAt: row.updated_at } : NO_SETTING;
}

/** Stores an editor's change (fields left undefined keep their value) and answers the new setting. */
export async function saveSetting(db: Db, update: MaintenanceUpdate, editorId: number | null): Promise<MaintenanceSetting> {
  const values = {
    enabled: update.enabled,
    ...(update.title !== undefined ? { title: update.title } : {}),
    ...(update.message !== undefined ? { message: update.message } : {}),
    updated_by: editorId,
    updated_at: sql`now()`,
  };
  const [row] = await db.insert(maintenance).values({ id: 1, ...values })
    .onConflictDoUpdate({ target: maintenance.id, set: values })
    .returning();
  return { enabled: row.enabled, title: row.title, message: row.message, updatedAt: row.updated_at };
}
