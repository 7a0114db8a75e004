/**
 * What the http core remembers for the screens (spec 8): the last error body "stored for display",
 * the maintenance state (503) and the invalid-channel state. A vanilla zustand store so plain scripts
 * and React islands (`useStore(apiState, selector)`) read the same thing.
 *
 * Reading the stored maintenance state back is maintenance.ts: only the maintenance page needs it
 * (and its decoder), so it stays out of every other page's first load.
 *
 * On the server this module is shared by every request, so SSR code must act on the thrown ApiError
 * instead of reading this state.
 */

import { createStore } from 'zustand/vanilla';
import { showInvalidChannelView } from '../site/invalid-channel-view.ts';

/** Title and message the maintenance page shows (from the 503 body when it carries them). */
export interface Maintenance {
  title: string | null;
  message: string | null;
}

export interface StoredError {
  status: number;
  code: string | undefined;
  message: string;
  errors: Record<string, string[]> | undefined;
}

export interface ApiState {
  /** The last server error body ("errors" or "message"), for a form or page to display. */
  error: StoredError | null;
  maintenance: Maintenance | null;
  invalidChannel: boolean;
}

export const apiState = createStore<ApiState>()(() => ({ error: null, maintenance: null, invalidChannel: false }));

/** Session-storage key that carries the maintenance state across the redirect to /maintenance/. */
export const MAINTENANCE_STORAGE_KEY = 'shop:maintenance';

/** Session storage, or null where there is none or the browser disabled it. */
export function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

/** Records the maintenance state in memory and in session storage (survives a full-page redirect). */
export function storeMaintenance(m: Maintenance): void {
  apiState.setState({ maintenance: m });
  sessionStore()?.setItem(MAINTENANCE_STORAGE_KEY, JSON.stringify(m));
}

/** Forgets the maintenance state (the API answered normally again). */
export function clearMaintenance(): void {
  apiState.setState({ maintenance: null });
  sessionStore()?.removeItem(MAINTENANCE_STORAGE_KEY);
}

/** Stores an error body for display. */
export function storeError(error: StoredError): void {
  apiState.setState({ error });
}

/** Clears the displayed error (a form does this before a new submit). */
export function clearStoredError(): void {
  apiState.setState({ error: null });
}

/** Switches to (or out of) the invalid-channel state; in a browser, on also switches the page (spec 8). */
export function setInvalidChannel(on: boolean): void {
  apiState.setState({ invalidChannel: on });
  if (on) showInvalidChannelView();
}
