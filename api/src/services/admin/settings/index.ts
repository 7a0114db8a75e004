/**
 * The editable shop settings of a channel (contracts/admin-settings.ts): read with their defaults,
 * changed in one statement with its audit entry. The settings table's statement trigger bumps content_state, so the
 * live shop rebuilds (a settings change is a full build: every page reads them).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { EDITABLE_SETTING_KEYS, type EditableSettings, type SettingsPatch } from '#contracts/admin-settings.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { settings } from '../../../db/schema/index.ts';
import { validationFailed } from '../../../lib/errors.ts';
import { FRONT_SETTING_DEFAULTS } from '../../settings/index.ts';
import { type Actor, recordAudit } from '../audit/record.ts';

/** Every editable setting of the channel, a missing row as its default. */
export async function editableSettings(db: Db | Tx, channelId: string): Promise<EditableSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.channel_id, channelId), inArray(settings.key, EDITABLE_SETTING_KEYS)));
  const found = new Map(rows.map((r) => [r.key, r.value]));
  const defaults = FRONT_SETTING_DEFAULTS as Record<string, unknown>;
  return Object.fromEntries(EDITABLE_SETTING_KEYS.map((k) => [k, found.has(k) ? found.get(k) : defaults[k]])) as EditableSettings;
}

/**
 * Writes the patch (public rows, inserted or replaced) after checking it against the current values:
 * the phone breakpoint must stay below the tablet one. Answers every editable setting as now stored.
 */
export async function updateSettings(db: Db, channelId: string, patch: SettingsPatch, actor: Actor): Promise<EditableSettings> {
  return db.transaction(async (tx) => {
    // Serialises two editors' patches of one channel, so the breakpoint check sees the other's write.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`settings:${channelId}`}))`);
    const before = await editableSettings(tx, channelId);
    const next = { ...before, ...patch };
    if (next['SITE.BREAKPOINT.SCREEN-SM'] >= next['SITE.BREAKPOINT.SCREEN-MD']) {
      const field = 'SITE.BREAKPOINT.SCREEN-SM' in patch ? 'SITE.BREAKPOINT.SCREEN-SM' : 'SITE.BREAKPOINT.SCREEN-MD';
      throw validationFailed({ [field]: ['スマートフォン表示の上限幅はタブレット表示の上限幅より小さくしてください'] });
    }
    const entries = Object.entries(patch);
    await tx
      .insert(settings)
      .values(entries.map(([key, value]) => ({ channel_id: channelId, key, value, is_public: true })))
      .onConflictDoUpdate({ target: [settings.channel_id, settings.key], set: { value: sql`excluded.value`, is_public: true } });
    const changed = Object.keys(patch) as (keyof EditableSettings)[];
    await recordAudit(tx, actor, {
      action: 'settings.update',
      targetType: 'settings',
      targetId: channelId,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: patch,
    });
    return next;
  });
}
