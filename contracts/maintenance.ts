/**
 * The maintenance switch (spec 4 and 8: a 503 sends the shopper to /maintenance/, which shows a title
 * and message). While it is on, every /v1 call answers 503 in the error shape plus `title`; GET
 * /v1/maintenance answers the state itself so the page can show it; editors turn it on and off and
 * word it through PUT /admin/v1/maintenance.
 */

import { flag, text } from './fields.ts';
import { errorFor } from './issues.ts';
import { z } from './zod.ts';

/** Wording used while an editor has set none. */
export const MAINTENANCE_DEFAULTS = {
  title: 'メンテナンス中',
  message: 'ただいまメンテナンス中です。しばらくしてからもう一度お試しください。',
} as const;

/** `code` of the 503 answered while the shop is in maintenance. */
export const MAINTENANCE_CODE = 'common.maintenance';
/** Retry-After (seconds) of that 503. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;
/** Longest title and message an editor may set. */
export const MAINTENANCE_TITLE_MAX = 100;
export const MAINTENANCE_MESSAGE_MAX = 1000;

/** GET /v1/maintenance: whether the shop is in maintenance, and its wording. */
export const maintenanceStateSchema = z
  .object({
    enabled: z.boolean(),
    title: z.string(),
    message: z.string(),
  })
  .meta({ id: 'MaintenanceState' });
export type MaintenanceState = z.infer<typeof maintenanceStateSchema>;

/** The 503 body while in maintenance: the error shape with the page's title. */
export const maintenanceErrorSchema = z
  .object({
    message: z.string(),
    code: z.literal(MAINTENANCE_CODE),
    title: z.string(),
  })
  .meta({ id: 'MaintenanceError' });
export type MaintenanceError = z.infer<typeof maintenanceErrorSchema>;

/** GET/PUT /admin/v1/maintenance: the state, which switch turned it on, and the editor's own wording. */
export const adminMaintenanceSchema = maintenanceStateSchema
  .extend({
    /** The editors' switch (this API's setting). */
    setting_enabled: z.boolean(),
    /** MAINTENANCE=1 in the API's environment: on whatever the setting says, until the API restarts without it. */
    env_enabled: z.boolean(),
    /** The wording an editor set, null where the default shows. */
    custom_title: z.string().nullable(),
    custom_message: z.string().nullable(),
    updated_at: z.string().nullable(),
    /** The display name of the editor who saved the switch last (null: never saved, or the editor is gone). */
    updated_by: z.string().nullable(),
  })
  .meta({ id: 'AdminMaintenance' });
export type AdminMaintenance = z.infer<typeof adminMaintenanceSchema>;

/** Omitted: left as it is; null or blank: back to the default wording. */
const wording = (max: number, label: string) =>
  text(max, { label })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/** PUT /admin/v1/maintenance. */
export const maintenanceUpdateSchema = z
  .strictObject(
    {
      enabled: flag({ label: 'メンテナンス' }),
      title: wording(MAINTENANCE_TITLE_MAX, 'タイトル'),
      message: wording(MAINTENANCE_MESSAGE_MAX, 'メッセージ'),
    },
    errorFor(),
  )
  .meta({ id: 'MaintenanceUpdate' });
export type MaintenanceUpdate = z.output<typeof maintenanceUpdateSchema>;
