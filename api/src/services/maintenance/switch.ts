/**
 * The maintenance switch as each API process sees it: the stored setting is read at most once per
 * `ttlMs` (1 s) and shared by every request meanwhile, so the gate costs one small query a second,
 * and another process's change shows here within that second. A change made through this process
 * is seen at once. When the database cannot be read, the last state read stays (at first: off, so
 * an outage answers its own 503 instead of a maintenance page nobody switched on).
 */

import type { MaintenanceState } from '#contracts/maintenance.ts';
import type { Db } from '../../db/client.ts';
import { logFor } from '../../lib/log.ts';
import { effectiveState, type MaintenanceSetting, NO_SETTING, readSetting } from './state.ts';

export interface MaintenanceSwitch {
  /** MAINTENANCE=1 at start. */
  readonly envEnabled: boolean;
  /** The state now (cached up to ttlMs). */
  state(): Promise<MaintenanceState>;
  /** The stored setting now (cached up to ttlMs). */
  setting(): Promise<MaintenanceSetting>;
  /** Takes a setting just written by this process (no wait for the cache to expire). */
  remember(setting: MaintenanceSetting): void;
}

export interface SwitchOptions {
  db: Db;
  envEnabled: boolean;
  ttlMs?: number;
  now?: () => number;
}

/** How long a process keeps the setting it read. */
export const MAINTENANCE_CACHE_MS = 1000;

export function createMaintenanceSwitch({
  db,
  envEnabled,
  ttlMs = MAINTENANCE_CACHE_MS,
  now = Date.now,
}: SwitchOptions): MaintenanceSwitch {
  let cached: MaintenanceSetting = NO_SETTING;
  let readAt = -Infinity;
  let inFlight: Promise<MaintenanceSetting> | null = null;
  // Bumped by remember(): a read that started before this process's own write must not undo it.
  let generation = 0;

  function setting(): Promise<MaintenanceSetting> {
    if (now() - readAt < ttlMs) return Promise.resolve(cached);
    // One read at a time: requests arriving meanwhile wait for the same answer.
    const started = generation;
    inFlight ??= readSetting(db)
      .then((fresh) => {
        if (started === generation) cached = fresh;
        return cached;
      })
      .catch((error: unknown) => {
        logFor('api').warn(
          `maintenance setting unreadable, keeping the last one: ${error instanceof Error ? error.message : String(error)}`,
        );
        return cached;
      })
      .finally(() => {
        readAt = now();
        inFlight = null;
      });
    return inFlight;
  }

  return {
    envEnabled,
    setting,
    async state() {
      return effectiveState(await setting(), envEnabled);
    },
    remember(fresh) {
      generation += 1;
      cached = fresh;
      readAt = now();
    },
  };
}
