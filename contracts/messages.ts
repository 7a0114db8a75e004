/**
 * Every Japanese validation message in one place (spec 5), keyed by rule, with the field name
 * substituted. Screens never hard-code this wording.
 */
export const messages = {
  required: (field: string) => `${field}は必須項目です`,
  maxLength: (field: string, max: number) => `${field}は${max}文字以内にしてください`,
  minLength: (field: string, min: number) => `${field}は${min}文字以上でなければなりません`,
  email: (field: string) => `${field}は有効なメールアドレスではありません`,
  numeric: (field: string) => `${field}は数字のみ使用できます`,
  confirmed: (field: string) => `${field}が一致しません`,
  kana: (field: string) => `${field}は全角カタカナで入力してください`,
  post: (field: string) => `${field}は郵便番号の形式で入力してください。　例：123-4567`,
  decimal: (field: string, max: number) => `${field}は小数点第${max}位までの数値を入力してください`,
  tel: (field: string) => `${field}は電話番号のフォーマットで入力してください`,
  requiredWithoutAll: () => 'いずれかは必須項目です',
  halfWidthAlphaNum: (field: string) => `${field}は半角英数字で入力してください`,
  dateBirth: () => '日付が無効です',
  minDate: () => '参照終了日は参照開始日より大きです。',
  /** The one theme's password rule (spec 5 "Other rules"). */
  password: (field: string) => `${field}は半角英字と数字を組み合わせて8文字以上で入力してください（記号は - _ . が使えます）`,
  phoneDigits: (field: string) => `${field}は半角数字11桁以内（ハイフンなし）で入力してください`,
  postalDigits: (field: string) => `${field}は半角数字7桁で入力してください`,
  fullWidth: (field: string) => `${field}は全角で入力してください`,
  // Standard rules ("required, length and similar rules show Japanese messages"), Laravel's ja wording.
  integer: (field: string) => `${field}は整数で指定してください`,
  min: (field: string, min: number) => `${field}には${min}以上の数値を指定してください`,
  max: (field: string, max: number) => `${field}には${max}以下の数値を指定してください`,
  between: (field: string, min: number, max: number) => `${field}には${min}から${max}までの数値を指定してください`,
  arrayMax: (field: string, max: number) => `${field}は${max}件以下で指定してください`,
  selected: (field: string) => `選択された${field}は正しくありません`,
  format: (field: string) => `${field}の形式が正しくありません`,
  date: (field: string) => `${field}は正しい日付ではありません`,
  boolean: (field: string) => `${field}にはtrueかfalseを指定してください`,
  /** A NUL or other control character the database cannot store. */
  invalidCharacter: (field: string) => `${field}に使用できない文字が含まれています`,
  unknownKeys: (keys: string) => `指定できない項目が含まれています：${keys}`,
} as const;

export type MessageKey = keyof typeof messages;
