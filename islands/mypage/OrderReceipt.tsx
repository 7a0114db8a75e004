/**
 * 「領収書をダウンロード」 on the order detail: the addressee (宛名, printed as 「○○ 様」, at most 50
 * characters like the API) → GET /v1/me/orders/{id}/download/receipt, saved as a PDF file.
 */

import { downloadReceipt } from '#api-client/mypage/orders.ts';
import { RECEIPT_NAME_MAX } from '#contracts/order-limits.ts';
import type { Order } from '#contracts/orders.ts';
import type { FormSpec } from '#validation/form.ts';
import { maxLength, required } from '#validation/rules.ts';
import FieldError from '../common/FieldError.tsx';
import { useState } from '../common/react.ts';
import { useAccountForm } from '../reminder/account-form.ts';

type Values = { name: string };

/** Saves a blob as a download (an object URL clicked through a temporary link). */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function OrderReceipt({ order }: { order: Order }) {
  const [spec] = useState<FormSpec<Values>>(() => ({ name: { label: '宛名', rules: [required, maxLength(RECEIPT_NAME_MAX)] } }));
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function submit(values: Values) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    setDone(false);
    try {
      saveFile(await downloadReceipt(order.id, values.name.trim()), `receipt-${order.order_no}.pdf`);
      setDone(true);
    } catch (e) {
      setAlert(form.showApiError(e) ?? '領収書をダウンロードできませんでした。');
    } finally {
      setBusy(false);
    }
  }

  const form = useAccountForm<Values>({ initial: { name: '' }, spec, onSubmit: submit });

  return (
    <section className="panel stack" aria-labelledby="order-receipt">
      <h2 id="order-receipt">領収書</h2>
      <p>宛名を入力して、領収書（適格請求書・PDF）をダウンロードできます。</p>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      {done && (
        <p className="notice" role="status">
          領収書をダウンロードしました。
        </p>
      )}
      <form className="form" onSubmit={form.handleSubmit} noValidate>
        <div className="field">
          <label htmlFor={form.field('name').id}>宛名</label>
          <input {...form.field('name')} type="text" autoComplete="name" maxLength={RECEIPT_NAME_MAX} required />
          <FieldError id={form.errorId('name')} message={form.errors.name} />
        </div>
        <button type="submit" className="btn" disabled={busy} aria-busy={busy}>
          領収書をダウンロード
        </button>
      </form>
    </section>
  );
}
