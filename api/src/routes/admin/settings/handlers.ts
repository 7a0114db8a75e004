/** Handlers of the editable shop settings: read the input, call the service, answer. */
import type { Context } from 'hono';
import type { SettingsPatch } from '#contracts/admin-settings.ts';
import { ok } from '../../../lib/respond.ts';
import { editableSettings, updateSettings } from '../../../services/admin/settings/index.ts';
import type { AdminEnv } from '../middleware.ts';

type C = Context<AdminEnv>;

export const getSettings = async (c: C) => ok(c, await editableSettings(c.get('db'), c.get('channel').id));
export const patchSettings = async (c: C) =>
  ok(c, await updateSettings(c.get('db'), c.get('channel').id, (c.req.valid as (t: 'json') => SettingsPatch)('json'), c.get('actor')));
