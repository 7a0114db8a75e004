/**
 * The maintenance page's side of the 503 state (spec 8): the title and message the API client kept
 * in session storage before redirecting here, decoded, since storage is not trusted. Only the
 * maintenance page loads this module.
 */
import { attempt, nullable, object, string, type Decoder } from './guard.ts';
import { apiState, MAINTENANCE_STORAGE_KEY, sessionStore, type Maintenance } from './state.ts';

const maintenanceDecoder: Decoder<Maintenance> = object({ title: nullable(string), message: nullable(string) });

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
