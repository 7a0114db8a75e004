/** Handlers of the editors' maintenance switch. */
import type { Context } from 'hono';
import type { MaintenanceUpdate } from '#contracts/maintenance.ts';
import { logFor } from '../../../lib/log.ts';
import { ok } from '../../../lib/respond.ts';
import { recordAudit } from '../../../services/admin/audit/record.ts';
import { adminView, saveSetting, updaterName } from '../../../services/maintenance/state.ts';
import type { AdminEnv } from '../middleware.ts';

type C = Context<AdminEnv>;

export const getMaintenance = async (c: C) => {
  const sw = c.get('maintenance');
  const setting = await sw.setting();
  return ok(c, adminView(setting, sw.envEnabled, await updaterName(c.get('db'), setting)));
};

export const putMaintenance = async (c: C) => {
  const update = (c.req.valid as (t: 'json') => MaintenanceUpdate)('json');
  const sw = c.get('maintenance');
  const before = await sw.setting();
  const saved = await c.get('db').transaction(async (tx) => {
    const row = await saveSetting(tx, update, c.get('editor').id);
    await recordAudit(tx, c.get('actor'), { action: 'maintenance.update', targetType: 'maintenance', targetId: 1, before, after: row });
    return row;
  });
  sw.remember(saved);
  logFor('api').info(
    `maintenance ${saved.enabled ? 'on' : 'off'} (editor ${c.get('editor').login})${sw.envEnabled ? '; MAINTENANCE=1 keeps it on' : ''}`,
  );
  return ok(c, adminView(saved, sw.envEnabled, c.get('editor').display_name));
};
