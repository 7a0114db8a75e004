/**
 * The maintenance state: the editors' setting (table `maintenance`, one row) combined with
 * MAINTENANCE=1 from the environment. Reading and writing the row, and the pure combination.
 */
import { eq, sql } from 'drizzle-orm';
import { type AdminMaintenance, MAINTENANCE_DEFAULTS, type MaintenanceState, type MaintenanceUpdate } from '#contracts/maintenance.ts';
import type { Db, Tx } from '../../db/client.ts';
import { editors, maintenance } from '../../db/schema/index.ts';

/** The editors' setting as stored (no row yet: off, default wording). */
export interface MaintenanceSetting {
  enabled: boolean;
  title: string | null;
  message: string | null;
  updatedAt: Date | null;
  /** The editor who saved it last (null: none yet, or since removed). */
  updatedBy: number | null;
}

export const NO_SETTING: MaintenanceSetting = { enabled: false, title: null, message: null, updatedAt: null, updatedBy: null };

/** The state the shop acts on: on when either switch is, with the editor's wording or the defaults. */
export function effectiveState(setting: MaintenanceSetting, envEnabled: boolean): MaintenanceState {
  return {
    enabled: envEnabled || setting.enabled,
    title: setting.title || MAINTENANCE_DEFAULTS.title,
    message: setting.message || MAINTENANCE_DEFAULTS.message,
  };
}

/** The editor API's view: the state plus where it comes from and who saved it (`editorName`). */
export function adminView(setting: MaintenanceSetting, envEnabled: boolean, editorName: string | null = null): AdminMaintenance {
  return {
    ...effectiveState(setting, envEnabled),
    setting_enabled: setting.enabled,
    env_enabled: envEnabled,
    custom_title: setting.title,
    custom_message: setting.message,
    updated_at: setting.updatedAt ? setting.updatedAt.toISOString() : null,
    updated_by: editorName,
  };
}

/** Reads the editors' setting. */
export async function readSetting(db: Db): Promise<MaintenanceSetting> {
  const [row] = await db.select().from(maintenance).where(eq(maintenance.id, 1));
  return row
    ? { enabled: row.enabled, title: row.title, message: row.message, updatedAt: row.updated_at, updatedBy: row.updated_by }
    : NO_SETTING;
}

/** The display name of the editor who saved the setting, or null. */
export async function updaterName(db: Db, setting: MaintenanceSetting): Promise<string | null> {
  if (setting.updatedBy == null) return null;
  const [row] = await db.select({ name: editors.display_name }).from(editors).where(eq(editors.id, setting.updatedBy));
  return row?.name ?? null;
}

/** Stores an editor's change (fields left undefined keep their value) and answers the new setting. */
export async function saveSetting(db: Db | Tx, update: MaintenanceUpdate, editorId: number | null): Promise<MaintenanceSetting> {
  const values = {
    enabled: update.enabled,
    ...(update.title !== undefined ? { title: update.title } : {}),
    ...(update.message !== undefined ? { message: update.message } : {}),
    updated_by: editorId,
    updated_at: sql`now()`,
  };
  const [row] = await db
    .insert(maintenance)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: maintenance.id, set: values })
    .returning();
  return { enabled: row.enabled, title: row.title, message: row.message, updatedAt: row.updated_at, updatedBy: row.updated_by };
}
