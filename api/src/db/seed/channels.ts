/** The two channels, their site settings (every key of spec section 9), colour schemes and school keys. */

import { FRONT_SETTING_DEFAULTS } from '../../services/settings/index.ts';
import type { Db, Tx } from '../client.ts';
import { channels, colorschemes, school_keys, settings } from '../schema/index.ts';

export const MAIN_CHANNEL = 'default';
export const OUTLET_CHANNEL = 'outlet';
export const SHOP_NAME = 'Maison Kiyora';

const channelSeeds = [
  {
    id: MAIN_CHANNEL,
    name: SHOP_NAME,
    theme: 'default',
    is_default: true,
    namespace: 'maison-kiyora',
    prefix: '',
    tokens: {
      '--color-primary': '#1f3a5f',
      '--color-accent': '#b5533c',
      '--color-bg': '#faf8f5',
      '--color-text': '#222222',
      '--color-muted': '#6b6b6b',
    },
    // New members confirm their e-mail address before they count as registered (the outlet does not ask).
    // Several delivery addresses per order (gifts to family and friends); the outlet ships to one.
    settings: { 'PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE': true, 'ORDER.SHIPPING.IS_ALLOW_MULTIPLE': true },
    schoolKeys: [
      { key: 'KIYORA2026', name: '清良学園' },
      { key: 'SAKURA2026', name: '桜ヶ丘高等学校' },
    ],
  },
  {
    id: OUTLET_CHANNEL,
    name: `${SHOP_NAME} OUTLET`,
    theme: 'outlet',
    is_default: false,
    namespace: 'maison-kiyora-outlet',
    prefix: 'outlet',
    tokens: {
      '--color-primary': '#222222',
      '--color-accent': '#d2382b',
      '--color-bg': '#ffffff',
      '--color-text': '#111111',
      '--color-muted': '#707070',
    },
    // Outlet goods (B品・旧モデル) are sold as they are: its guide, 特定商取引法 page and checkout say so.
    settings: {
      'ORDER.RETURN_POLICY':
        'アウトレット品（B品・旧モデル）は、お客様のご都合による返品・交換をお受けできません。不良品・誤配送の場合は当店が送料を負担し、良品と交換いたします。',
    },
    schoolKeys: [],
  },
];

/** Seeds channels, settings and colour schemes. */
export async function seedChannels(db: Db | Tx) {
  await db.insert(channels).values(channelSeeds.map(({ id, name, theme, is_default }) => ({ id, name, theme, is_default })));
  await db.insert(settings).values(
    channelSeeds.flatMap((c) => {
      const pub: Record<string, unknown> = {
        ...FRONT_SETTING_DEFAULTS,
        'SITE.NAME': c.name,
        'SITE.NAMESPACE': c.namespace,
        'SITE.CHANNEL_PREFIX': c.prefix,
        THEME: c.theme,
        'RECOMMEND.IS_USE': false,
        ...c.settings,
      };
      // Not for the browser: only the API's own mailer reads these.
      // AUTH.PASSWORD_EXPIRE_DAYS: days after which a login answers has_password_expired (0: never).
      // SITE.INVOICE_REGISTRATION_NUMBER: the 適格請求書発行事業者 registration number printed on receipts
      // (T + 13 digits; a made-up number with a valid 法人番号 check digit, one company for both channels).
      const priv: Record<string, unknown> = {
        'MAIL.FROM_ADDRESS': 'shop@example.jp',
        'MAIL.FROM_NAME': c.name,
        'AUTH.PASSWORD_EXPIRE_DAYS': 0,
        'SITE.INVOICE_REGISTRATION_NUMBER': 'T9010401234567',
      };
      return [
        ...Object.entries(pub).map(([key, value]) => ({ channel_id: c.id, key, value, is_public: true })),
        ...Object.entries(priv).map(([key, value]) => ({ channel_id: c.id, key, value, is_public: false })),
      ];
    }),
  );
  await db
    .insert(colorschemes)
    .values(channelSeeds.map((c) => ({ channel_id: c.id, name: `${c.name} 標準`, tokens: c.tokens, is_selected: true })));
  await db.insert(school_keys).values(channelSeeds.flatMap((c) => c.schoolKeys.map((k) => ({ channel_id: c.id, ...k }))));
}
