/**
 * The demo members (demo, and demo-mfa whose login asks for a mailed code) and their address books,
 * the payment methods and a few postal codes. The demo password and
 * security answer are hashed once per seed (scrypt is deliberately slow).
 */
import type { Db, Tx } from '../client.ts';
import { payment_methods, postal_codes, system_messages, user_addresses, users } from '../schema/index.ts';
import { MAIN_CHANNEL } from './channels.ts';
import { seedAnswerHash, seedPasswordHash } from './hashes.ts';
import { COD_FEE, COD_FEE_BANDS, DEFERRED_DUE_DAYS, DEFERRED_FEE, KONBINI_DEADLINE_DAYS, KONBINI_STORES, TRANSFER_DAYS } from './terms.ts';

export const DEMO = {
  username: 'demo',
  email: 'demo@example.jp',
  password: 'demo-pass-2026',
  securityQuestion: 1,
  securityAnswer: 'ポチ',
} as const;
/** A member whose login asks for the mailed 6-digit code (users.mfa_enabled). */
export const DEMO_MFA = { username: 'demo-mfa', email: 'demo-mfa@example.jp', password: 'demo-pass-2026' } as const;

export const BANK_ACCOUNT = 'みずほ銀行 渋谷中央支店 普通預金 1234567 カ）キヨラ';

/** Seeds the demo members (demo with a default and a second address, demo-mfa with one) and the payment methods. */
export async function seedMembers(db: Db | Tx) {
  const now = new Date();
  // Both demo members share one password: one scrypt for it, one for demo's security answer.
  const [passwordHash, answerHash] = await Promise.all([seedPasswordHash(DEMO.password), seedAnswerHash(DEMO.securityAnswer)]);
  const [demo] = await db
    .insert(users)
    .values({
      channel_id: MAIN_CHANNEL,
      username: DEMO.username,
      email: DEMO.email,
      password_hash: passwordHash,
      last_name: '山田',
      first_name: '太郎',
      last_name_kana: 'ヤマダ',
      first_name_kana: 'タロウ',
      phone_number: '0312345678',
      cell_phone_number: '09012345678',
      gender: 1,
      birthday: '1988-04-12',
      newsletter: 1,
      is_registered_member: true,
      email_verified_at: now,
      password_changed_at: now,
      security_question_ct: DEMO.securityQuestion,
      security_answer_hash: answerHash,
    })
    .returning({ id: users.id });
  const [demoMfa] = await db
    .insert(users)
    .values({
      channel_id: MAIN_CHANNEL,
      username: DEMO_MFA.username,
      email: DEMO_MFA.email,
      password_hash: passwordHash,
      last_name: '佐藤',
      first_name: '花子',
      last_name_kana: 'サトウ',
      first_name_kana: 'ハナコ',
      phone_number: null,
      cell_phone_number: '08023456789',
      gender: 2,
      birthday: '1992-11-03',
      newsletter: 0,
      is_registered_member: true,
      mfa_enabled: true,
      email_verified_at: now,
      password_changed_at: now,
    })
    .returning({ id: users.id });
  await db.insert(user_addresses).values([
    {
      user_id: demo.id,
      division_ct: 1,
      name: '自宅',
      shipping_name: '山田 太郎',
      last_name: '山田',
      first_name: '太郎',
      last_name_kana: 'ヤマダ',
      first_name_kana: 'タロウ',
      postal_code: '1500001',
      prefecture: '東京都',
      city: '渋谷区',
      address1: '神宮前1-2-3',
      address2: 'メゾン神宮前 201',
      phone_number: null,
      cell_phone_number: '09012345678',
      is_default: true,
    },
    {
      user_id: demo.id,
      division_ct: 2,
      name: '実家',
      shipping_name: '山田 花子',
      last_name: '山田',
      first_name: '花子',
      last_name_kana: 'ヤマダ',
      first_name_kana: 'ハナコ',
      postal_code: '6008216',
      prefecture: '京都府',
      city: '京都市下京区',
      address1: '東塩小路町721-1',
      address2: '',
      phone_number: '0753612345',
      cell_phone_number: null,
      is_default: false,
    },
    {
      user_id: demoMfa.id,
      division_ct: 1,
      name: '自宅',
      shipping_name: '佐藤 花子',
      last_name: '佐藤',
      first_name: '花子',
      last_name_kana: 'サトウ',
      first_name_kana: 'ハナコ',
      postal_code: '5300001',
      prefecture: '大阪府',
      city: '大阪市北区',
      address1: '梅田2-4-9',
      address2: 'ブリーゼ梅田 1205',
      phone_number: null,
      cell_phone_number: '08023456789',
      is_default: true,
    },
  ]);

  await seedDemoMessages(db, demo.id, now);

  await db.insert(payment_methods).values([
    // The fee lives only in `fee` and `settings` (the 代引 bands, ceilings): checkout, the guide and
    // the 特定商取引法 page print it from there (api/src/services/payments/methods.ts reads them).
    {
      code: 'cod',
      name: '代金引換',
      fee: COD_FEE,
      is_active: true,
      sort: 10,
      description:
        '商品お届けの際に、配達員に代金をお支払いください。代引手数料はお支払い金額により異なります（お支払い方法の選択画面に表示します）。',
      settings: { fee_bands: COD_FEE_BANDS, ceiling: 300_000, social_gift: false },
    },
    {
      code: 'bank_transfer',
      name: '銀行振込',
      fee: 0,
      is_active: true,
      sort: 20,
      description: `ご注文後${TRANSFER_DAYS}日以内にお振込みください。ご入金を確認後、商品を発送いたします。振込手数料はお客様のご負担となります。\n振込先：${BANK_ACCOUNT}`,
      settings: { bank_account: BANK_ACCOUNT, deadline_days: TRANSFER_DAYS },
    },
    // Tokenised in the browser by the payment provider (PAYMENT_PROVIDER; the built-in test one by default).
    {
      code: 'card',
      name: 'クレジットカード',
      fee: 0,
      is_active: true,
      sort: 30,
      description:
        'VISA / Mastercard / JCB / American Express / Diners Club がご利用いただけます。カード情報は決済代行会社が管理し、当店には保存されません。',
    },
    {
      code: 'deferred',
      name: '後払い',
      fee: DEFERRED_FEE,
      is_active: true,
      sort: 40,
      description: `商品到着後に届く請求書で、コンビニ・郵便局・銀行からお支払いください（発行日から${DEFERRED_DUE_DAYS}日以内）。ご利用はお支払い合計55,000円（税込）までです。`,
      settings: {
        ceiling: 55_000,
        due_days: DEFERRED_DUE_DAYS,
        social_gift: false,
        notice: `請求書は商品に同封、または商品到着後に郵送でお届けします。請求書の発行日から${DEFERRED_DUE_DAYS}日以内に、コンビニ・郵便局・銀行でお支払いください。`,
      },
    },
    {
      code: 'konbini',
      name: 'コンビニ払い',
      fee: 0,
      is_active: true,
      sort: 50,
      description: 'ご注文後に表示されるお支払い番号で、期限までにコンビニでお支払いください。ご入金の確認後、商品を発送いたします。',
      settings: { ceiling: 300_000, deadline_days: KONBINI_DEADLINE_DAYS, stores: KONBINI_STORES },
    },
  ]);

  await db.insert(postal_codes).values(
    [
      ['1500001', '東京都', '渋谷区', '神宮前'],
      ['1500002', '東京都', '渋谷区', '渋谷'],
      ['1000001', '東京都', '千代田区', '千代田'],
      ['1000005', '東京都', '千代田区', '丸の内'],
      ['1040061', '東京都', '中央区', '銀座'],
      ['1600022', '東京都', '新宿区', '新宿'],
      ['5300001', '大阪府', '大阪市北区', '梅田'],
      ['5420081', '大阪府', '大阪市中央区', '南船場'],
      ['6008216', '京都府', '京都市下京区', '東塩小路町'],
      ['4600008', '愛知県', '名古屋市中区', '栄'],
      ['8120012', '福岡県', '福岡市博多区', '博多駅中央街'],
      ['0600001', '北海道', '札幌市中央区', '北一条西'],
      ['9800021', '宮城県', '仙台市青葉区', '中央'],
      ['2310023', '神奈川県', '横浜市中区', '山下町'],
      ['7300011', '広島県', '広島市中区', '基町'],
      ['9000006', '沖縄県', '那覇市', 'おもろまち'],
    ].map(([code, prefecture, city, town]) => ({ code, prefecture, city, town })),
  );

  // The business-day calendar is seeded with the delivery settings (seed/delivery.ts).
}

/**
 * demo's message centre: 12 messages (two pages of 10), newest first; the four newest unread.
 * Plain text only, and nothing the shop cannot do.
 */
export const DEMO_MESSAGES: Array<{ title: string; body: string }> = [
  {
    title: 'ポイント有効期限のお知らせ',
    body: '山田 太郎 様\n\nいつもご利用いただきありがとうございます。\n保有ポイントの有効期限はマイページの「ポイント」でご確認いただけます。\n期限が切れる前にお買い物にご利用ください。',
  },
  {
    title: '記念日のご登録はお済みですか',
    body: '大切な方の誕生日や結婚記念日を登録しておくと、\nマイページの「記念日」からいつでも確認できます。',
  },
  {
    title: '名入れ刺繍の設定について',
    body: 'よく使うお名前の刺繍をマイページの「名入れ刺繍」に保存しておくと、\nご注文のたびに入力する手間が省けます。',
  },
  {
    title: 'お届け先の確認のお願い',
    body: 'ご登録のお届け先に変更はございませんか。\n引っ越しなどでご住所が変わった場合は、マイページの「お届け先」から更新してください。',
  },
  {
    title: 'パスワード変更のおすすめ',
    body: '安全にご利用いただくため、定期的なパスワードの変更をおすすめします。\nマイページの「パスワード変更」から変更できます。',
  },
  { title: 'ご注文履歴の確認方法', body: 'これまでのご注文はマイページの「ご注文履歴」で確認できます。\n領収書の表示もこちらからどうぞ。' },
  { title: 'お気に入りのご案内', body: '気になる商品はお気に入りに登録しておくと、\nあとからまとめて見返すことができます。' },
  { title: 'メールアドレスのご確認', body: 'ご登録のメールアドレスは会員情報の画面で確認・変更できます。' },
  {
    title: 'クレジットカードの登録について',
    body: 'クレジットカードを登録しておくと、次回からのお支払いがスムーズです。\nカード情報は決済代行会社が管理し、当店には保存されません。',
  },
  { title: '閲覧履歴のご案内', body: '最近ご覧になった商品はマイページの「閲覧履歴」に表示されます。' },
  {
    title: '会員特典のご案内',
    body: 'お買い物の金額に応じてポイントが貯まります。\n貯まったポイントは次回のお買い物にご利用いただけます。',
  },
  {
    title: '会員登録ありがとうございます',
    body: '山田 太郎 様\n\nこのたびは会員登録いただき、誠にありがとうございます。\nマイページでは、ご注文履歴やポイント、お届け先などを確認できます。\n今後ともよろしくお願いいたします。',
  },
];

async function seedDemoMessages(db: Db | Tx, userId: number, now: Date) {
  const day = 24 * 60 * 60 * 1000;
  await db.insert(system_messages).values(
    DEMO_MESSAGES.map((m, i) => {
      const createdAt = new Date(now.getTime() - (i + 1) * day);
      return {
        user_id: userId,
        title: m.title,
        body: m.body,
        created_at: createdAt,
        read_at: i < 4 ? null : new Date(createdAt.getTime() + 60 * 60 * 1000),
      };
    }),
  );
}
