import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#api-client/core/errors.ts';
import { pushToast, TOAST_DURATION_MS, TOAST_MAX, TOAST_POSITION, toast, toastError, useToastStore } from '#stores/toast.ts';

const globalCss = readFileSync(path.resolve(import.meta.dirname, '../../src/styles/global.css'), 'utf8');

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.getState().clear();
});
afterEach(() => vi.useRealTimers());

const messages = () => useToastStore.getState().toasts.map((t) => t.message);

describe('toasts (spec 9: bottom-centre, 5000 ms, at most 5, duplicates suppressed)', () => {
  it('sit at the bottom centre', () => {
    expect(TOAST_POSITION).toBe('bottom-center');
    // The region's CSS really puts them there: fixed, bottom edge, centred horizontally.
    const rule = /\.toast-region\s*\{([^}]*)\}/.exec(globalCss)?.[1] ?? '';
    expect(rule).toMatch(/position:\s*fixed/);
    // Above the shop messages bar while it is shown (--site-messages-offset, 0 without it).
    expect(rule).toMatch(/bottom:\s*calc\(var\(--site-messages-offset, 0px\) \+ var\(--space-\d\)\)/);
    expect(rule).toMatch(/left:\s*50%/);
    expect(rule).toMatch(/transform:\s*translateX\(-50%\)/);
    expect(rule).not.toMatch(/\btop:/);
  });

  it('disappear after 5000 ms', () => {
    toast.success('カートに追加しました');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(messages()).toEqual(['カートに追加しました']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('show at most 5, dropping the oldest', () => {
    for (let i = 1; i <= 7; i++) toast.info(`通知${i}`);
    expect(TOAST_MAX).toBe(5);
    expect(messages()).toEqual(['通知3', '通知4', '通知5', '通知6', '通知7']);
    // The dropped ones' timers do not take newer toasts with them.
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(messages()).toHaveLength(5);
  });

  it('each toast keeps its own 5000 ms', () => {
    toast.info('先');
    vi.advanceTimersByTime(3000);
    toast.info('後');
    vi.advanceTimersByTime(2000);
    expect(messages()).toEqual(['後']);
    vi.advanceTimersByTime(3000);
    expect(messages()).toEqual([]);
  });

  it('suppress a duplicate while the same toast is showing', () => {
    expect(toast.error('在庫が不足しています。')).not.toBeNull();
    expect(toast.error('在庫が不足しています。')).toBeNull();
    expect(messages()).toEqual(['在庫が不足しています。']);
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(toast.error('在庫が不足しています。')).not.toBeNull();
  });

  it('pushToast is pure', () => {
    const list = [{ id: 1, kind: 'info' as const, message: 'a' }];
    expect(pushToast(list, { id: 2, kind: 'info', message: 'a' })).toBeNull();
    expect(pushToast(list, { id: 2, kind: 'error', message: 'a' })).toHaveLength(2);
  });

  it('error toasts skip ignored and already-handled API errors', () => {
    expect(toastError(new ApiError({ status: 0, message: 'x', ignored: true }))).toBeNull();
    expect(toastError(new ApiError({ status: 401, message: 'x', handled: true }))).toBeNull();
    toastError(new ApiError({ status: 422, message: 'm', errors: { quantity: ['数量が多すぎます'] } }));
    expect(useToastStore.getState().toasts).toEqual([expect.objectContaining({ kind: 'error', message: '数量が多すぎます' })]);
  });
});
