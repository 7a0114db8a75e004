/**
 * The maintenance page's side of the 503 state (spec 8): the title and message the API client kept
 * in session storage before redirecting here, decoded, since storage is not trusted; and the
 * switch's state now (GET /v1/maintenance, answered during maintenance too), for a visitor who
 * came here directly or was sent here by the storefront server. Only the maintenance page loads
 * this module.
 */
import type { MaintenanceState } from '#contracts/maintenance.ts';
import type { CallOptions } from '../core/call.ts';
import { attempt, boolean, type Decoder, nullable, object, string } from '../core/guard.ts';
import { request } from '../core/http.ts';
import { apiState, MAINTENANCE_STORAGE_KEY, type Maintenance, sessionStore } from '../core/state.ts';

const maintenanceDecoder: Decoder<Maintenance> = object({ title: nullable(string), message: nullable(string) });
const stateDecoder: Decoder<MaintenanceState> = object({ enabled: boolean, title: string, message: string });

/** The maintenance state: memory first, then session storage (decoded), else null. */
export function readMaintenance(): Maintenance | null {
  const inMemory = apiState.getState().maintenance;
  if (inMemory) return inMemory;
  const raw = sessionStore()?.getItem(MAINTENANCE_STORAGE_KEY);
  if (!raw) return null;
  try {
    return attempt(maintenanceDecoder, JSON.parse(raw));
  } catch {
    return null; // not JSON
  }
}

/** Whether the shop is in maintenance now, with its title and message. Failures are not stored for display. */
export async function getMaintenance(opts: CallOptions = {}): Promise<MaintenanceState> {
  return (await request('GET', '/v1/maintenance', { auth: false, refresh: false, silent: true, parse: stateDecoder, signal: opts.signal }))
    .data;
}
