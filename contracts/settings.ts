/**
 * Settings contract: GET /public.json (how the storefront finds its API and theme), the flat
 * GET /v1/settings/front object keyed by the spec section 9 names, and the selected colour scheme.
 */
import { z } from './zod.ts';

/** GET /public.json (no /v1, no auth). `api_base_url` '' means the storefront's own origin. */
export const publicJsonSchema = z
  .object({
    channel_id: z.string(),
    site_name: z.string(),
    api_base_url: z.string(),
    theme: z.string(),
  })
  .meta({ id: 'PublicJson' });
export type PublicJson = z.infer<typeof publicJsonSchema>;

/**
 * GET /v1/settings/front. The spec's keys are listed; other settings (recommendation flags and the
 * like) pass through, so a shop can add keys without a contract change.
 */
export const frontSettingsSchema = z
  .looseObject({
    'SITE.NAME': z.string(),
    'SITE.NAMESPACE': z.string(),
    'SITE.CHANNEL_PREFIX': z.string(),
    'SITE.NO_MEMBER_USE': z.boolean(),
    'SITE.STORAGE_URL': z.string(),
    'SITE.BREAKPOINT.SCREEN-SM': z.number(),
    'SITE.BREAKPOINT.SCREEN-MD': z.number(),
    'ORDER.SHIPPING.IS_ALLOW_MULTIPLE': z.boolean(),
    'CART.POPUP_COMPONENT': z.string(),
    'PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE': z.boolean(),
    'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': z.boolean(),
    'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': z.boolean(),
    THEME: z.string(),
    TAG_MANAGER_ID: z.string(),
    PURCHASE_VALUE_WITHOUT_TAX: z.boolean(),
    /** The shop's terms, stated alike on the confirmation screen, /guide/ and /law/ (one source). */
    'ORDER.DELIVERY_LEAD_TIME': z.string(),
    'ORDER.RETURN_POLICY': z.string(),
    'ORDER.RETURN_POLICY_FOOD': z.string(),
    /** True on a channel whose members register with a school key (the school shop); absent means false. */
    'SITE.SCHOOL_KEY_REQUIRED': z.boolean().optional(),
  })
  .meta({ id: 'FrontSettings' });
export type FrontSettings = z.infer<typeof frontSettingsSchema>;

/** GET /v1/colorschemes/selected/front: CSS custom property values by token name. */
export const colorschemeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    tokens: z.record(z.string(), z.string()),
  })
  .meta({ id: 'Colorscheme' });
export type Colorscheme = z.infer<typeof colorschemeSchema>;
