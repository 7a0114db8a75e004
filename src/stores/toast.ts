/**
 * Toasts (spec 9): bottom-centre, 5000 ms, at most 5 on screen, duplicates suppressed. One store
 * shared by every island; the theme's toast region renders `toasts`.
 */
import { create } from 'zustand';
import { firstErrorMessage, isDisplayableError } from '#api-client/core/errors.ts';
import { TOAST_DURATION_MS } from '#lib/timing.ts';

export const TOAST_POSITION = 'bottom-center';
export { TOAST_DURATION_MS };
export const TOAST_MAX = 5;

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** Adds a toast: null when the same kind+message is already showing; the oldest drops beyond `max`. */
export function pushToast(list: readonly Toast[], toast: Toast, max = TOAST_MAX): Toast[] | null {
  if (list.some((t) => t.kind === toast.kind && t.message === toast.message)) return null;
  return [...list, toast].slice(-max);
}

interface ToastState {
  toasts: Toast[];
  /** Shows a toast for 5 s; returns its id, or null when suppressed as a duplicate or empty. */
  show: (message: string, kind?: ToastKind) => number | null;
  dismiss: (id: number) => void;
  clear: () => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show(message, kind = 'info') {
    if (!message.trim()) return null;
    const toast = { id: nextId++, kind, message };
    const next = pushToast(get().toasts, toast);
    if (!next) return null;
    set({ toasts: next });
    setTimeout(() => get().dismiss(toast.id), TOAST_DURATION_MS);
    return toast.id;
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
  clear() {
    set({ toasts: [] });
  },
}));

/** Shortcuts usable outside React. */
export const toast = {
  success: (message: string) => useToastStore.getState().show(message, 'success'),
  error: (message: string) => useToastStore.getState().show(message, 'error'),
  info: (message: string) => useToastStore.getState().show(message, 'info'),
  warning: (message: string) => useToastStore.getState().show(message, 'warning'),
};

/** Error toast for an API failure, unless it is ignored (network, cancelled) or already handled (redirect). */
export function toastError(e: unknown, fallback?: string): number | null {
  if (!isDisplayableError(e)) return null;
  return toast.error(firstErrorMessage(e, fallback));
}
