/**
 * The Japanese name of every user-facing request field, keyed by its wire name. Validation messages
 * (contracts/messages.ts) substitute it for `{field}`, in the API's 422 bodies and in the forms.
 * A field whose wire name means different things in different calls passes its own label to the
 * field factory in contracts/fields.ts instead.
 */
export const labels: Record<string, string> = {
  // member
  username: 'ログインID',
  email: 'メールアドレス',
  password: 'パスワード',
  current_password: '現在のパスワード',
  password_confirmation: 'パスワード（確認）',
  last_name: '姓',
  first_name: '名',
  last_name_kana: 'セイ',
  first_name_kana: 'メイ',
  school: '学校名',
  phone_number: '電話番号',
  cell_phone_number: '携帯電話番号',
  contact_phone_number: '連絡先電話番号',
  fax: 'FAX番号',
  job: '職業',
  gender: '性別',
  birthday: '生年月日',
  newsletter: 'メールマガジン',
  security_question_ct: '秘密の質問',
  security_answer: '秘密の質問の答え',
  verify_code: '認証コード',
  user_id: '会員ID',
  is_sync_user_channel: 'チャネル連携',
  type: '種類',
  // address book
  division_ct: '区分',
  name: 'お届け先名',
  shipping_name: 'お届け先の宛名',
  postal_code: '郵便番号',
  code: 'コード',
  prefecture: '都道府県',
  city: '市区町村',
  address1: '番地',
  address2: '建物名',
  is_default: 'いつものお届け先',
  // cart and orders
  token: 'カートトークン',
  invalid_product: '無効な商品の指定',
  is_removing_address: 'お届け先の解除',
  product_id: '商品',
  products: 'セット商品',
  accessory_id: '付属品',
  ids: '商品',
  key: 'キー',
  quantity: '数量',
  embroidery: '名入れ刺繍',
  user_address_id: 'お届け先',
  address: 'お届け先住所',
  payment_id: 'お支払い方法',
  card_token: 'カード情報',
  user_card_id: '登録済みのカード',
  konbini_store: 'お支払いコンビニ',
  order_no: '注文番号',
  cancel_reason: 'キャンセル理由',
  reason: 'キャンセル理由',
  // lists and search
  id: 'ID',
  page: 'ページ',
  per: '表示件数',
  category: 'カテゴリ',
  child: '下位カテゴリを含む',
  maker: 'メーカー',
  brand: 'ブランド',
  keyword: 'キーワード',
  word: '検索キーワード',
  sort: '並び順',
  price_min: '価格（下限）',
  price_max: '価格（上限）',
  in_stock: '在庫ありのみ',
  on_sale: 'セール中',
  group: 'まとめて表示',
  table: '種別',
  qa_category_id: 'FAQカテゴリ',
  area: '表示エリア',
  'area[]': '表示エリア',
  is_show: '表示',
  path: 'ページのURL',
  url: 'URL',
  readable_id: 'お知らせ',
  alias: 'コレクション',
  max_page_size: '最大表示件数',
};

/** Used when a value has no field name (the whole body, or a field missing from the table). */
export const FALLBACK_LABEL = '入力値';

/**
 * The Japanese name for an issue path: the last named segment (array indexes are skipped, so
 * `ids.3` is 商品).
 */
export function labelOf(path: readonly PropertyKey[] | undefined): string {
  const named = (path ?? []).filter((p): p is string => typeof p === 'string');
  const last = named[named.length - 1];
  return (last !== undefined && labels[last]) || FALLBACK_LABEL;
}
