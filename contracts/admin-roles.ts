/**
 * Who may do what behind /admin/: the three roles of the shop's people and the areas of the admin API
 * (/admin/v1) each one opens. The API checks every call against this table (api/src/routes/admin/
 * authorize.ts); the /admin/ screens read it only to show each person the menu entries they can use.
 * No zod here: the screens' server code and the API both import it as plain data.
 */

/** editor: CMS content and maintenance; staff: orders, customers, stock; admin: all of it plus settings, staff accounts and the audit log. */
export const ADMIN_ROLES = ['editor', 'staff', 'admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ROLE_LABELS: Record<AdminRole, string> = { editor: '編集者', staff: 'スタッフ', admin: '管理者' };

/** The areas of the admin API, each a set of paths under /admin/v1. */
export const ADMIN_AREAS = ['content', 'maintenance', 'dashboard', 'orders', 'customers', 'stock', 'settings', 'staff', 'audit'] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

/** The roles each area is open to. */
export const AREA_ROLES: Record<AdminArea, readonly AdminRole[]> = {
  content: ['editor', 'admin'],
  maintenance: ['editor', 'admin'],
  dashboard: ['staff', 'admin'],
  orders: ['staff', 'admin'],
  customers: ['staff', 'admin'],
  stock: ['staff', 'admin'],
  settings: ['admin'],
  staff: ['admin'],
  audit: ['admin'],
};

/** Whether `role` may use `area`. */
export const canUse = (role: string, area: AdminArea): boolean => (AREA_ROLES[area] as readonly string[]).includes(role);

export const isAdminRole = (v: unknown): v is AdminRole => typeof v === 'string' && (ADMIN_ROLES as readonly string[]).includes(v);

/** What a call outside the caller's role answers (403 auth.forbidden). */
export const FORBIDDEN_MESSAGE = 'この操作を行う権限がありません。';

/**
 * Seconds a staff or admin session may sit unused before it ends (an editor's lasts its whole
 * working day, so a long article is never lost to a pause): a back-office screen left open on a shop
 * counter locks itself.
 */
export const STAFF_IDLE_SECONDS = 30 * 60;
