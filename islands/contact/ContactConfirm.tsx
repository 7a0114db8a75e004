/**
 * /contact/confirm/: the values the API checked, read-only, with 「修正する」 (back to the filled
 * form) and 「送信する」 (POST /v1/inquiries, then /contact/complete/ with the inquiry number).
 * Opened without checked values it goes back to /contact/.
 */

import { sendInquiry } from '#api-client/content/inquiries.ts';
import { type ApiError, firstErrorMessage, isDisplayableError } from '#api-client/core/errors.ts';
import {
  INQUIRY_DELIVERY_CHOICES,
  INQUIRY_EXTEND_LABELS,
  INQUIRY_LABELS,
  INQUIRY_PAYMENT_CHOICES,
  type InquiryExtendKey,
} from '#contracts/inquiry-fields.ts';
import Loading from '../common/Loading.tsx';
import { useEffect, useRef, useState } from '../common/react.ts';
import { CONTACT_PATHS, type ContactDraft, EXTEND_KEYS, readDraft, requestBody, writeDraft } from './flow.ts';

const choiceLabel = (choices: readonly { value: number; label: string }[], v: unknown) =>
  choices.find((c) => c.value === Number(v))?.label ?? String(v);

function extendValue(key: InquiryExtendKey, v: string | number): string {
  if (key === 'delivery') return choiceLabel(INQUIRY_DELIVERY_CHOICES, v);
  if (key === 'payment') return choiceLabel(INQUIRY_PAYMENT_CHOICES, v);
  return String(v);
}

export default function ContactConfirm() {
  const [draft, setDraft] = useState<ContactDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const d = readDraft();
    if (!d?.prepared) {
      window.location.replace(CONTACT_PATHS.form);
      return;
    }
    setDraft(d);
  }, []);
  useEffect(() => {
    if (draft) heading.current?.focus();
  }, [draft]);
  if (!draft?.prepared) return <Loading />;
  const p = draft.prepared;

  async function send() {
    if (busy || !draft) return;
    setBusy(true);
    setAlert(null);
    try {
      const res = await sendInquiry(requestBody(draft.values, p.is_business));
      writeDraft({ values: draft.values, number: res.number });
      window.location.assign(CONTACT_PATHS.complete);
    } catch (e) {
      setBusy(false);
      if (!isDisplayableError(e)) return;
      const errors = Object.values((e as ApiError).errors ?? {}).flat();
      setAlert(errors.length ? `${errors.join('　')}（「修正する」から入力し直してください）` : firstErrorMessage(e));
    }
  }

  const rows: [string, string][] = [[INQUIRY_LABELS.category_id, p.category_name]];
  if (p.extend) {
    for (const key of EXTEND_KEYS) {
      const v = p.extend[key];
      if (v !== undefined && v !== null && v !== '') rows.push([INQUIRY_EXTEND_LABELS[key], extendValue(key, v)]);
    }
  }
  rows.push(
    [INQUIRY_LABELS.name, p.name],
    [INQUIRY_LABELS.name_kana, p.name_kana],
    [INQUIRY_LABELS.email, p.email],
    [INQUIRY_LABELS.phone, p.phone || '（未入力）'],
  );
  if (p.attachment_url) rows.push([INQUIRY_LABELS.attachment_url, draft.values.attachment_name || p.attachment_url]);

  return (
    <div className="stack contact-confirm">
      <h2 ref={heading} tabIndex={-1}>
        入力内容の確認
      </h2>
      <p>以下の内容でよろしければ「送信する」を押してください。</p>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <dl className="confirm-list">
        {rows.map(([label, value]) => (
          <div key={label} className="confirm-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="confirm-row">
          <dt>{INQUIRY_LABELS.body}</dt>
          <dd className="confirm-body">{p.body}</dd>
        </div>
      </dl>
      <div className="actions">
        <a className="btn" href={CONTACT_PATHS.form}>
          修正する
        </a>
        <button type="button" className="btn btn-primary" onClick={send} disabled={busy} aria-busy={busy}>
          送信する
        </button>
      </div>
    </div>
  );
}
