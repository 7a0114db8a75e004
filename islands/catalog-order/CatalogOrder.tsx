/**
 * /catalog-order/: a shopper orders a paper catalogue to an address (GET /v1/catalog, POST
 * /v1/catalog-orders). Postal-code autofill as on the address forms; the API's field messages show
 * under their fields; on success the form gives way to the completion message.
 */
import { listPrefectures } from '#api-client/account/addresses.ts';
import { listCatalogs, orderCatalog } from '#api-client/catalog/catalog-order.ts';
import type { FormSpec } from '#validation/form.ts';
import { email, kana, maxLength, phoneDigits, required } from '#validation/rules.ts';
import AddressFields, { TextField } from '../common/AddressFields.tsx';
import { addressPartSpec } from '../common/address-rules.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import FieldError from '../common/FieldError.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useState } from '../common/react.ts';
import { useAccountForm } from '../reminder/account-form.ts';

type Values = {
  catalog_id: string;
  name: string;
  kana: string;
  postal_code: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
  phone_number: string;
  email: string;
  note: string;
};

export const catalogOrderSpec: FormSpec<Values> = {
  catalog_id: { label: 'カタログ', rules: [required] },
  name: { label: 'お名前', rules: [required, maxLength(100)] },
  kana: { label: 'フリガナ', rules: [required, maxLength(50), kana] },
  ...addressPartSpec,
  phone_number: { label: '電話番号', rules: [required, phoneDigits] },
  email: { label: 'メールアドレス', rules: [required, maxLength(255), email] },
  note: { label: 'ご要望・備考', rules: [maxLength(500)] },
};

type Lists = { catalogs: { id: number; name: string }[]; prefectures: string[] };

export default function CatalogOrder() {
  const [lists, setLists] = useState<Lists | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<{ id: number; catalog_name: string; message: string } | null>(null);
  useEffect(() => {
    Promise.all([listCatalogs(), listPrefectures()]).then(
      ([catalogs, prefectures]) => setLists({ catalogs, prefectures: prefectures.map((p) => p.name) }),
      setError,
    );
  }, []);
  if (done) {
    return (
      <div className="stack complete" role="status">
        <h2>カタログのご請求を承りました</h2>
        <p>{done.message}</p>
        <p>
          受付番号：{done.id}（{done.catalog_name}）
        </p>
        <p>1週間ほどでお届けいたします。</p>
      </div>
    );
  }
  if (error) return <ErrorMessage error={error} fallback="カタログの一覧を読み込めませんでした。ページを再読み込みしてください。" />;
  if (!lists) return <Loading />;
  if (lists.catalogs.length === 0) return <p className="notice">ただいまご請求いただけるカタログはありません。</p>;
  return <OrderForm lists={lists} onDone={setDone} />;
}

function OrderForm({ lists, onDone }: { lists: Lists; onDone: (r: { id: number; catalog_name: string; message: string }) => void }) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const initial: Values = {
    catalog_id: lists.catalogs.length === 1 ? String(lists.catalogs[0].id) : '',
    name: '',
    kana: '',
    postal_code: '',
    prefecture: '',
    city: '',
    address1: '',
    address2: '',
    phone_number: '',
    email: '',
    note: '',
  };
  async function submit(values: Values) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      const v = Object.fromEntries(Object.entries(values).map(([k, x]) => [k, x.trim()])) as Values;
      onDone(await orderCatalog({ ...v, catalog_id: Number(v.catalog_id) }));
    } catch (e) {
      setAlert(form.showApiError(e));
      setBusy(false);
    }
  }
  const form = useAccountForm<Values>({ initial, spec: catalogOrderSpec, onSubmit: submit });
  const text = (name: keyof Values, label: string, extra: Record<string, string> = {}, hint?: string) => (
    <TextField form={form} name={name} label={label} extra={extra} hint={hint} />
  );
  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <div className="field">
        <label htmlFor={form.field('catalog_id').id}>ご希望のカタログ</label>
        <select {...form.field('catalog_id')}>
          <option value="">選択してください</option>
          {lists.catalogs.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
        <FieldError id={form.errorId('catalog_id')} message={form.errors.catalog_id} />
      </div>
      <fieldset className="stack">
        <legend>お届け先</legend>
        {text('name', 'お名前', { autoComplete: 'name' })}
        {text('kana', 'フリガナ', {}, '全角カタカナ')}
        <AddressFields form={form} prefectures={lists.prefectures} />
        {text('phone_number', '電話番号', { autoComplete: 'tel', inputMode: 'numeric' }, '半角数字・ハイフンなし')}
        {text('email', 'メールアドレス', { type: 'email', autoComplete: 'email', inputMode: 'email' }, '受付確認のメールをお送りします')}
      </fieldset>
      <div className="field">
        <label htmlFor={form.field('note').id}>ご要望・備考（任意）</label>
        <textarea {...form.field('note')} rows={3} />
        <FieldError id={form.errorId('note')} message={form.errors.note} />
      </div>
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          カタログを請求する
        </button>
      </div>
    </form>
  );
}
