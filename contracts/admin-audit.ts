/**
 * The audit log as admins read it (GET /admin/v1/audit, role admin; the /admin/audit/ screen): the
 * filters, one entry on the wire, a Japanese label per action code and the compact "before → after"
 * of the keys a change touched. The log is append-only (migration 0025): there is no call to change
 * or delete an entry.
 */

import { isAdminRole, ROLE_LABELS } from './admin-roles.ts';
import { dbIntParam, text } from './fields.ts';
import { errorFor } from './issues.ts';
import { z } from './zod.ts';

/** Entries per page. */
export const AUDIT_PER_PAGE = 50;

/** A Japan date YYYY-MM-DD that exists (2026-02-30 does not); blank is no filter. */
const realDay = (v: string) => !v || (/^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v));
const day = (label: string) =>
  text(10, { label })
    .refine(
      (v) => {
        try {
          return realDay(v);
        } catch {
          return false;
        }
      },
      {
        error: () => `${label}はYYYY-MM-DDの形式で入力してください`,
      },
    )
    .optional()
    .transform((v) => v || undefined);
/** A filter left blank on the screen's form is no filter. */
const filterText = (max: number, label: string) =>
  text(max, { label })
    .optional()
    .transform((v) => v || undefined);

/** GET /admin/v1/audit?action=&editor=&target_type=&target_id=&from=&to=&page= (from/to: Japan dates, inclusive). */
export const auditQuerySchema = z.object(
  {
    /** An action code (order.ship), or its first part followed by a dot (order.) for all of that kind. */
    action: filterText(100, '操作'),
    /** The account's login ID as it was when it acted. */
    editor: filterText(100, '担当者'),
    target_type: filterText(50, '対象の種類'),
    target_id: filterText(100, '対象のID'),
    from: day('開始日'),
    to: day('終了日'),
    page: dbIntParam({ min: 1, max: 100000, label: 'ページ' }).optional(),
  },
  errorFor(),
);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One entry of the log. */
export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    editor_id: z.number().int().nullable(),
    editor_login: z.string(),
    editor_name: z.string(),
    editor_role: z.string(),
    channel_id: z.string().nullable(),
    action: z.string(),
    target_type: z.string(),
    target_id: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Japanese names of the actions the shop records; an unknown code is shown as it is. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'auth.login': 'ログイン',
  'auth.login_failed': 'ログイン失敗',
  'auth.login_locked': 'ログイン（ロック中）',
  'auth.logout': 'ログアウト',
  'content.create': 'コンテンツ作成',
  'content.update': 'コンテンツ更新',
  'content.delete': 'コンテンツ削除',
  'settings.update': 'ショップ設定の変更',
  'maintenance.update': 'メンテナンス設定の変更',
  'order.paid': '入金確認',
  'order.ship': '発送',
  'order.cancel': 'キャンセル',
  'order.amount': '金額変更',
  'order.capture': 'カード売上確定',
  'order.refund': 'カード返金',
  'order.refunded': '返金済みにする',
  'order.void': 'カード与信取消',
  'order.note': '受注メモ',
  'stock.update': '在庫・価格の変更',
  'stock.import': '在庫・価格のCSV取込',
  'product.update': '商品の変更',
  'customer.point_adjust': 'ポイント調整',
  'customer.unlock': '会員のロック解除',
  'customer.update': '会員情報の変更',
  'staff.create': 'スタッフ作成',
  'staff.update': 'スタッフ情報の変更',
  'staff.disable': 'スタッフ無効化',
  'staff.enable': 'スタッフ有効化',
  'staff.password_reset': 'パスワード再設定',
  'staff.unlock': 'スタッフのロック解除',
};

/** The Japanese name of an action code, or the code itself. */
export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;

/** Japanese names of the target types. */
export const AUDIT_TARGET_LABELS: Record<string, string> = {
  order: '受注',
  product: '商品',
  customer: '会員',
  editor: 'アカウント',
  settings: 'ショップ設定',
  maintenance: 'メンテナンス',
  blogs: 'ブログ',
  news: 'お知らせ',
  'qa-categories': 'FAQカテゴリ',
  qas: 'FAQ',
  makers: 'メーカー',
  stylists: 'スタイリスト',
  'landing-pages': 'ランディングページ',
  'static-pages': '固定ページ',
  banners: 'バナー',
};

export const auditTargetLabel = (type: string): string => AUDIT_TARGET_LABELS[type] ?? type;

/** 「admin（管理者）」: who acted, with the role they had then. */
export const auditActorLabel = (e: Pick<AuditEntry, 'editor_login' | 'editor_role'>): string =>
  `${e.editor_login}（${isAdminRole(e.editor_role) ? ROLE_LABELS[e.editor_role] : e.editor_role}）`;

/** One changed key of an entry: its path (a.b) and the value before and after, as short text. */
export interface AuditChange {
  key: string;
  before: string;
  after: string;
}

/** At most this many characters of one value are shown. */
const VALUE_CHARS = 80;
/** At most this many changed keys are listed per entry. */
export const MAX_CHANGES = 12;

/** A value as one short line: strings as they are, others as JSON, cut at VALUE_CHARS. */
export function auditValueText(v: unknown): string {
  if (v === undefined) return '（なし）';
  if (v === null) return '（空）';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  const line = s.replace(/\s+/g, ' ');
  return line.length > VALUE_CHARS ? `${line.slice(0, VALUE_CHARS - 1)}…` : line;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v != null && typeof v === 'object' && !Array.isArray(v);

/**
 * The keys whose values differ between `before` and `after` (pure): nested objects are walked to
 * their leaves (a.b.c), arrays and scalars compared whole. A key only on one side shows （なし） on
 * the other. At most MAX_CHANGES keys; `more` counts the rest.
 */
export function auditChanges(before: unknown, after: unknown): { changes: AuditChange[]; more: number } {
  const out: AuditChange[] = [];
  const walk = (b: unknown, a: unknown, path: string, depth: number) => {
    if (isPlainObject(b) && isPlainObject(a) && depth < 4) {
      for (const k of new Set([...Object.keys(b), ...Object.keys(a)])) walk(b[k], a[k], path ? `${path}.${k}` : k, depth + 1);
      return;
    }
    if (JSON.stringify(b) === JSON.stringify(a)) return;
    out.push({ key: path || '（全体）', before: auditValueText(b), after: auditValueText(a) });
  };
  // One side missing (a creation, a deletion): list the other side's keys.
  walk(before ?? (isPlainObject(after) ? {} : before), after ?? (isPlainObject(before) ? {} : after), '', 0);
  return { changes: out.slice(0, MAX_CHANGES), more: Math.max(0, out.length - MAX_CHANGES) };
}
