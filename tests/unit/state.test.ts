// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { apiState, clearMaintenance, MAINTENANCE_STORAGE_KEY, storeMaintenance } from '#api-client/core/state.ts';
import { readMaintenance } from '#api-client/site/maintenance.ts';

beforeEach(() => {
  clearMaintenance();
  sessionStorage.clear();
});

describe('maintenance state (spec 4, 8)', () => {
  it('survives the full-page redirect to /maintenance/ through session storage', () => {
    storeMaintenance({ title: 'メンテナンス中', message: 'ただいまメンテナンス中です。' });
    apiState.setState({ maintenance: null }); // a new page: memory is empty
    expect(readMaintenance()).toEqual({ title: 'メンテナンス中', message: 'ただいまメンテナンス中です。' });
  });

  it('ignores a tampered stored value', () => {
    sessionStorage.setItem(MAINTENANCE_STORAGE_KEY, '{"title": 3}');
    expect(readMaintenance()).toBeNull();
    sessionStorage.setItem(MAINTENANCE_STORAGE_KEY, 'not json');
    expect(readMaintenance()).toBeNull();
  });
});
