/**
 * The demo members (demo, and demo-mfa whose login asks for a mailed code) and their address books,
 * the payment methods, a few postal codes and the business-day calendar. The demo password and
 * security answer are hashed once per seed (scrypt is deliberately slow).
 */
import { hashAnswer, hashPassword } from '../../services/password.ts';
import type { Db, Tx } from '../client.ts';
import { business_dates, payment_methods, postal_codes, user_addresses, users } from '../schema.ts';
import { MAIN_CHANNEL } from './channels.ts';
import { COD_FEE, TRANSFER_DAYS } from './terms.ts';

export const DEMO = { username: 'demo', email: 'demo@example.jp', password: 'demo-pass-2026', securityQuestion: 1, securityAnswer: 'ポチ' } as const;
/** A member whose login asks for the mailed 6-digit code (users.mfa_enabled). */
export const DEMO_MFA = { username: 'demo-mfa', email: 'demo-mfa@example.jp', password: 'demo-pass-2026' } as const;

export const BANK_ACCOUNT = 'みずほ銀行 渋谷中央支店 普通預金 1234567 カ）キヨラ';

/** Seeds the demo members (demo with a default and a second address, demo-mfa with one) and the payment methods. */
export async function seedMembers(db: Db | Tx) {
  const now = new Date();
  // Both demo members share one password: one scrypt for it, one for demo's security answer.
  const [passwordHash, answerHash] = await Promise.all([hashPassword(DEMO.password), hashAnswer(DEMO.securityAnswer)]);
  const [demo] = await db.insert(users).values({
    channel_id: MAIN_CHANNEL, username: DEMO.username, email: DEMO.email, password_hash: passwordHash,
    last_name: '山田', first_name: '太郎', last_name_kana: 'ヤマダ', first_name_kana: 'タロウ',
    phone_number: '0312345678', cell_phone_number: '09012345678', gender: 1, birthday: '1988-04-12', newsletter: 1,
    is_registered_member: true, email_verified_at: now, password_changed_at: now,
    security_question_ct: DEMO.securityQuestion, security_answer_hash: answerHash,
  }).returning({ id: users.id });
  const [demoMfa] = await db.insert(users).values({
    channel_id: MAIN_CHANNEL, username: DEMO_MFA.username, email: DEMO_MFA.email, password_hash: passwordHash,
    last_name: '佐藤', first_name: '花子', last_name_kana: 'サトウ', first_name_kana: 'ハナコ',
    phone_number: null, cell_phone_number: '08023456789', gender: 2, birthday: '1992-11-03', newsletter: 0,
    is_registered_member: true, mfa_enabled: true, email_verified_at: now, password_changed_at: now,
  }).returning({ id: users.id });
  await db.insert(user_addresses).values([
    { user_id: demo.id, division_ct: 1, name: '自宅', shipping_name: '山田 太郎', last_name: '山田', first_name: '太郎',
      last_name_kana: 'ヤマダ', first_name_kana: 'タロウ', postal_code: '1500001', prefecture: '東京都', city: '渋谷区',
      address1: '神宮前1-2-3', address2: 'メゾン神宮前 201', phone_number: null, cell_phone_number: '09012345678', is_default: true },
    { user_id: demo.id, division_ct: 2, name: '実家', shipping_name: '山田 花子', last_name: '山田', first_name: '花子',
      last_name_kana: 'ヤマダ', first_name_kana: 'ハナコ', postal_code: '6008216', prefecture: '京都府', city: '京都市下京区',
      address1: '東塩小路町721-1', address2: '', phone_number: '0753612345', cell_phone_number: null, is_default: false },
    { user_id: demoMfa.id, division_ct: 1, name: '自宅', shipping_name: '佐藤 花子', last_name: '佐藤', first_name: '花子',
      last_name_kana: 'サトウ', first_name_kana: 'ハナコ', postal_code: '5300001', prefecture: '大阪府', city: '大阪市北区',
      address1: '梅田2-4-9', address2: 'ブリーゼ梅田 1205', phone_number: null, cell_phone_number: '08023456789', is_default: true },
  ]);

  await db.insert(payment_methods).values([
    // The fee lives only in `fee`: checkout, the guide and the 特定商取引法 page print it from there.
    { code: 'cod', name: '代金引換', fee: COD_FEE, is_active: true, sort: 10,
      description: '商品お届けの際に、配達員に代金をお支払いください。' },
    { code: 'bank_transfer', name: '銀行振込', fee: 0, is_active: true, sort: 20,
      description: `ご注文後${TRANSFER_DAYS}日以内にお振込みください。ご入金を確認後、商品を発送いたします。振込手数料はお客様のご負担となります。\n振込先：${BANK_ACCOUNT}` },
    // Inactive until card tokenisation with a payment provider is in place.
    { code: 'card', name: 'クレジットカード', fee: 0, is_active: false, sort: 30,
      description: 'VISA / Mastercard / JCB / American Express / Diners Club がご利用いただけます。' },
  ]);

  await db.insert(postal_codes).values([
    ['1500001', '東京都', '渋谷区', '神宮前'], ['1500002', '東京都', '渋谷区', '渋谷'], ['1000001', '東京都', '千代田区', '千代田'],
    ['1000005', '東京都', '千代田区', '丸の内'], ['1040061', '東京都', '中央区', '銀座'], ['1600022', '東京都', '新宿区', '新宿'],
    ['5300001', '大阪府', '大阪市北区', '梅田'], ['5420081', '大阪府', '大阪市中央区', '南船場'], ['6008216', '京都府', '京都市下京区', '東塩小路町'],
    ['4600008', '愛知県', '名古屋市中区', '栄'], ['8120012', '福岡県', '福岡市博多区', '博多駅中央街'], ['0600001', '北海道', '札幌市中央区', '北一条西'],
    ['9800021', '宮城県', '仙台市青葉区', '中央'], ['2310023', '神奈川県', '横浜市中区', '山下町'], ['7300011', '広島県', '広島市中区', '基町'],
    ['9000006', '沖縄県', '那覇市', 'おもろまち'],
  ].map(([code, prefecture, city, town]) => ({ code, prefecture, city, town })));

  // 2026–2027: weekends and the New Year holidays (12/29–1/3) are not shipping days.
  const days: { date: string; is_holiday: boolean }[] = [];
  for (let t = Date.UTC(2026, 0, 1); t <= Date.UTC(2027, 11, 31); t += 86_400_000) {
    const d = new Date(t);
    const md = (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
    const holiday = d.getUTCDay() === 0 || d.getUTCDay() === 6 || md >= 1229 || md <= 103;
    days.push({ date: d.toISOString().slice(0, 10), is_holiday: holiday });
  }
  await db.insert(business_dates).values(days);
}
