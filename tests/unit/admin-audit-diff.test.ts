/** The audit screen's 変更前 → 変更後: only the keys a change touched, nested keys by path, short values, labels by code. */
import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditActorLabel, auditChanges, auditValueText, MAX_CHANGES } from '#contracts/admin-audit.ts';

describe('auditChanges', () => {
  it('lists the keys whose values differ, nested ones by path, unchanged ones left out', () => {
    const before = { stock: 0, price: 1000, state: { published: true, tags: ['a'] }, name: '同じ' };
    const after = { stock: 12, price: 1000, state: { published: false, tags: ['a', 'b'] }, name: '同じ' };
    expect(auditChanges(before, after)).toEqual({
      changes: [
        { key: 'stock', before: '0', after: '12' },
        { key: 'state.published', before: 'true', after: 'false' },
        { key: 'state.tags', before: '["a"]', after: '["a","b"]' },
      ],
      more: 0,
    });
  });

  it('shows a creation, a deletion and a key on one side only with （なし）', () => {
    expect(auditChanges(null, { login: 'clerk', role: 'staff' }).changes).toEqual([
      { key: 'login', before: '（なし）', after: 'clerk' },
      { key: 'role', before: '（なし）', after: 'staff' },
    ]);
    expect(auditChanges({ title: '旧' }, null).changes).toEqual([{ key: 'title', before: '旧', after: '（なし）' }]);
    expect(auditChanges({ a: 1 }, { a: 1, sessions_ended: 2 }).changes).toEqual([
      { key: 'sessions_ended', before: '（なし）', after: '2' },
    ]);
    expect(auditChanges(null, null)).toEqual({ changes: [], more: 0 });
  });

  it(`keeps at most ${MAX_CHANGES} keys and counts the rest; long values are cut to one line`, () => {
    const after = Object.fromEntries(Array.from({ length: MAX_CHANGES + 3 }, (_, i) => [`k${i}`, i]));
    expect(auditChanges({}, after)).toMatchObject({ more: 3 });
    expect(auditChanges({}, after).changes).toHaveLength(MAX_CHANGES);
    const long = auditValueText('あ'.repeat(200));
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
    expect(auditValueText('二行\nの値')).toBe('二行 の値');
  });
});

describe('labels', () => {
  it('names known actions in Japanese and shows unknown codes as they are', () => {
    expect(auditActionLabel('staff.password_reset')).toBe('パスワード再設定');
    expect(auditActionLabel('order.ship')).toBe('発送');
    expect(auditActionLabel('something.new')).toBe('something.new');
    expect(auditActorLabel({ editor_login: 'admin', editor_role: 'admin' })).toBe('admin（管理者）');
    expect(auditActorLabel({ editor_login: 'x', editor_role: 'robot' })).toBe('x（robot）');
  });
});
