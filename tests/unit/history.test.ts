// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { HISTORY_STORAGE_KEY, type HistoryItem, pushHistory, sanitizeHistory, useHistoryStore } from '#stores/history.ts';
import { product } from './fixtures.ts';

const item = (id: number): HistoryItem => ({ product_id: id, product: product(id) });
const ids = (items: HistoryItem[]) => items.map((i) => i.product_id);

beforeEach(() => {
  useHistoryStore.getState().clear();
  localStorage.clear();
});

describe('current history (spec 4, 9)', () => {
  it('history keeps the newest 10, de-duplicated by product', () => {
    let list: HistoryItem[] = [];
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 3]) list = pushHistory(list, item(id));
    expect(ids(list)).toEqual([3, 11, 10, 9, 8, 7, 6, 5, 4, 2]);
  });

  it('the store adds viewed products newest first and persists them in localStorage', () => {
    const { add } = useHistoryStore.getState();
    add(product(1));
    add(product(2));
    add(product(1));
    expect(ids(useHistoryStore.getState().items)).toEqual([1, 2]);
    const saved = JSON.parse(localStorage.getItem(HISTORY_STORAGE_KEY) ?? '{}');
    expect(saved.state.items.map((i: HistoryItem) => i.product_id)).toEqual([1, 2]);
  });

  it('drops invalid stored entries instead of rendering them', () => {
    expect(ids(sanitizeHistory([item(1), { product_id: 'x' }, item(2), item(1)]))).toEqual([1, 2]);
    expect(sanitizeHistory('nonsense')).toEqual([]);
  });

  it('rehydrates from storage through the same validation', async () => {
    localStorage.setItem(HISTORY_STORAGE_KEY, JSON.stringify({ state: { items: [item(5), { bad: true }] }, version: 1 }));
    await useHistoryStore.persist.rehydrate();
    expect(ids(useHistoryStore.getState().items)).toEqual([5]);
  });

  it('a favourite toggle updates the product in the history', () => {
    useHistoryStore.getState().add(product(4));
    useHistoryStore.getState().setFavorite(4, true);
    expect(useHistoryStore.getState().items[0].product.is_favorite).toBe(true);
  });
});
