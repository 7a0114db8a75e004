/** Spec 9 "Business constants and limits": every time and retry constant, once, in src/lib/timing.ts. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOKEN_SAFETY_MARGIN_MS as tokenMargin } from '#api-client/core/token.ts';
import * as timing from '#lib/timing.ts';
import { MIN_FETCH_MS as minFetch } from '#stores/queries/client.ts';
import { TOAST_DURATION_MS as toastDuration } from '#stores/toast.ts';

describe('spec 9 constants', () => {
  it('token safety margin 5 s, refresh retry limit 1, chunk-reload guard 60 s', () => {
    expect(timing.TOKEN_SAFETY_MARGIN_MS).toBe(5_000);
    expect(timing.REFRESH_RETRY_LIMIT).toBe(1);
    expect(timing.CHUNK_RELOAD_GUARD_MS).toBe(60_000);
  });
  it('toasts stay 5000 ms', () => {
    expect(timing.TOAST_DURATION_MS).toBe(5_000);
  });
  it('scroll restore delay 500 ms; smooth scroll 700 ms; data fetch held at least 200 ms', () => {
    expect(timing.SCROLL_RESTORE_DELAY_MS).toBe(500);
    expect(timing.SMOOTH_SCROLL_MS).toBe(700);
    expect(timing.MIN_FETCH_MS).toBe(200);
  });
  it('polling: settings, cart token and login check every 100 ms, give up after 3 s', () => {
    expect(timing.SESSION_POLL_INTERVAL_MS).toBe(100);
    expect(timing.SESSION_POLL_TIMEOUT_MS).toBe(3_000);
  });
  it('polling: tasks every 200 ms, give up after 5 s; tracking title check every 200 ms up to 1 s', () => {
    expect(timing.TASK_POLL_INTERVAL_MS).toBe(200);
    expect(timing.TASK_POLL_TIMEOUT_MS).toBe(5_000);
    expect(timing.TRACKING_TITLE_POLL_INTERVAL_MS).toBe(200);
    expect(timing.TRACKING_TITLE_POLL_TIMEOUT_MS).toBe(1_000);
  });
  it('link prefetch: idle timeout 2 s, skipped on 2g', () => {
    expect(timing.PREFETCH_IDLE_TIMEOUT_MS).toBe(2_000);
    expect(timing.PREFETCH_SKIPPED_CONNECTIONS).toContain('2g');
  });
  it('image lazy-load: preload 1.3, 1 attempt', () => {
    expect(timing.LAZY_LOAD_PRELOAD).toBe(1.3);
    expect(timing.LAZY_LOAD_ATTEMPTS).toBe(1);
  });
});

describe('the code uses the one module', () => {
  it('the token rules, the toast store and the query client take their numbers from timing.ts', () => {
    expect(tokenMargin).toBe(timing.TOKEN_SAFETY_MARGIN_MS);
    expect(toastDuration).toBe(timing.TOAST_DURATION_MS);
    expect(minFetch).toBe(timing.MIN_FETCH_MS);
  });

  /** Every .ts/.tsx/.astro file under a folder. */
  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return /\.(ts|tsx|astro)$/.test(name) ? [path] : [];
    });
  }

  it('no other module declares a spec 9 timing constant of its own', () => {
    const names = Object.keys(timing);
    const offenders = [...sources('src'), ...sources('islands'), ...sources('themes')]
      .filter((file) => !file.endsWith(join('lib', 'timing.ts')))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return names.filter((name) => new RegExp(`\\bconst\\s+${name}\\s*=`).test(text)).map((name) => `${file}: ${name}`);
      });
    expect(offenders).toEqual([]);
  });
});
