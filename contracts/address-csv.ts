/**
 * The address CSV file's columns and size limit (POST /v1/me/user-addresses/import, GET …/export),
 * without zod, so the my-page screen can show the same table the API checks against.
 */

/** The CSV file columns (import and export), in export order: header text, wire field, required, the rule shown on the screen. */
export const ADDRESS_CSV_COLUMNS = [
  { header: 'お届け先名', field: 'name', required: false, rule: '50文字以内（例：自宅、実家）' },
  { header: '姓', field: 'last_name', required: true, rule: '50文字以内' },
  { header: '名', field: 'first_name', required: true, rule: '50文字以内' },
  { header: 'セイ', field: 'last_name_kana', required: false, rule: '全角カタカナ、50文字以内' },
  { header: 'メイ', field: 'first_name_kana', required: false, rule: '全角カタカナ、50文字以内' },
  { header: '郵便番号', field: 'postal_code', required: true, rule: '半角数字7桁（ハイフン可。例：150-0001）' },
  { header: '都道府県', field: 'prefecture', required: true, rule: '47都道府県名のいずれか（例：東京都）' },
  { header: '市区町村', field: 'city', required: true, rule: '100文字以内' },
  { header: '番地', field: 'address1', required: true, rule: '100文字以内' },
  { header: '建物名', field: 'address2', required: false, rule: '100文字以内' },
  { header: '電話番号', field: 'phone_number', required: false, rule: '半角数字11桁以内（ハイフンなし）' },
] as const;

/** Largest CSV file the import reads (bytes). */
export const ADDRESS_CSV_MAX_BYTES = 1024 * 1024;
