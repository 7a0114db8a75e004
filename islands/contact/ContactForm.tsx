/**
 * /contact/: the contact form's first step. The spec 5 rules and messages (the API's own labels and
 * formats, contracts/inquiry-fields.ts) are checked here first; then POST /v1/inquiries with
 * `prepare: true` checks them on the server (its 422 messages land on their fields, focus on the
 * first) and the visitor moves on to /contact/confirm/. Choosing a business category (法人) shows the
 * business fields. A member's name and e-mail address are filled in from GET /v1/me/user.
 */

import { getMe } from '#api-client/account/user.ts';
import { type InquiryCategory, listInquiryCategories, prepareInquiry, uploadFile } from '#api-client/content/inquiries.ts';
import { firstErrorMessage, isDisplayableError } from '#api-client/core/errors.ts';
import {
  INQUIRY_BODY_MAX,
  INQUIRY_DELIVERY_CHOICES,
  INQUIRY_EXTEND_LABELS,
  INQUIRY_EXTEND_MAX,
  INQUIRY_HONEYPOT,
  INQUIRY_LABELS,
  INQUIRY_NAME_MAX,
  INQUIRY_PAYMENT_CHOICES,
  type InquiryExtendKey,
  ORDER_NO,
  URL_OR_EMPTY,
} from '#contracts/inquiry-fields.ts';
import { messages } from '#contracts/messages.ts';
import { useSessionStore } from '#stores/session.ts';
import type { FormSpec } from '#validation/form.ts';
import { email, isEmpty, kana, maxLength, numeric, type Rule, required, tel, when } from '#validation/rules.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import FieldError from '../common/FieldError.tsx';
import Loading from '../common/Loading.tsx';
import RadioGroup from '../common/RadioGroup.tsx';
import { useEffect, useState } from '../common/react.ts';
import { useAccountForm } from '../reminder/account-form.ts';
import {
  CONTACT_PATHS,
  type ContactValues,
  EXTEND_KEYS,
  emptyValues,
  isBusinessCategory,
  isChoiceField,
  isDigitsField,
  readDraft,
  requestBody,
  writeDraft,
} from './flow.ts';

const matches =
  (re: RegExp, message: (field: string) => string): Rule =>
  (value, field) =>
    isEmpty(value) || re.test(String(value).trim()) ? null : message(field);
const url = matches(URL_OR_EMPTY, messages.format);
const orderNo = matches(ORDER_NO, messages.halfWidthAlphaNum);
const choice: Rule = (value, field) => (isEmpty(value) || /^[123]$/.test(String(value)) ? null : messages.selected(field));

/** The field specs in form order (the first invalid one gets focus); the business ones only for a business category. */
export function contactSpec(categories: readonly InquiryCategory[]): FormSpec<ContactValues> {
  const business = (values: Readonly<Record<string, unknown>>) => isBusinessCategory(categories, String(values.category_id ?? ''));
  const spec: FormSpec<ContactValues> = {
    category_id: { label: INQUIRY_LABELS.category_id, rules: [required] },
  };
  for (const key of EXTEND_KEYS) {
    const max = (INQUIRY_EXTEND_MAX as Record<string, number>)[key];
    const rules: Rule[] = key === 'corporation' ? [required] : [];
    if (max) rules.push(maxLength(max));
    if (isDigitsField(key)) rules.push(numeric, maxLength(12));
    if (isChoiceField(key)) rules.push(choice);
    if (key === 'url') rules.push(url);
    if (key === 'order_no') rules.push(orderNo);
    spec[`extend.${key}`] = { label: INQUIRY_EXTEND_LABELS[key], rules: when(business, rules) };
  }
  return {
    ...spec,
    name: { label: INQUIRY_LABELS.name, rules: [required, maxLength(INQUIRY_NAME_MAX)] },
    name_kana: { label: INQUIRY_LABELS.name_kana, rules: [required, maxLength(50), kana] },
    email: { label: INQUIRY_LABELS.email, rules: [required, maxLength(255), email] },
    phone: { label: INQUIRY_LABELS.phone, rules: [maxLength(13), tel] },
    body: { label: INQUIRY_LABELS.body, rules: [required, maxLength(INQUIRY_BODY_MAX)] },
  };
}

export default function ContactForm() {
  const [categories, setCategories] = useState<InquiryCategory[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    const controller = new AbortController();
    listInquiryCategories({ signal: controller.signal }).then(setCategories, setError);
    return () => controller.abort();
  }, []);
  if (error) return <ErrorMessage error={error} fallback="お問い合わせ種別を読み込めませんでした。ページを再読み込みしてください。" />;
  if (!categories) return <Loading />;
  return <Form categories={categories} />;
}

function Form({ categories }: { categories: InquiryCategory[] }) {
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [initial] = useState<ContactValues>(() => readDraft()?.values ?? emptyValues());
  const spec = contactSpec(categories);

  async function submit(values: ContactValues) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    const business = isBusinessCategory(categories, values.category_id);
    try {
      const { inquiry } = await prepareInquiry(requestBody(values, business));
      writeDraft({ values, prepared: inquiry });
      window.location.assign(CONTACT_PATHS.confirm);
    } catch (e) {
      setAlert(form.showApiError(e));
      setBusy(false);
    }
  }
  const form = useAccountForm<ContactValues>({ initial, spec, onSubmit: submit });
  const business = isBusinessCategory(categories, form.values.category_id);

  // A member's name and address, unless the visitor already typed them.
  const isLogin = useSessionStore((s) => s.isLogin);
  useEffect(() => {
    if (!isLogin) return;
    const controller = new AbortController();
    getMe({ signal: controller.signal }).then(
      (me) => {
        if (!form.values.name) form.setValue('name', `${me.last_name} ${me.first_name}`.trim());
        if (!form.values.name_kana && me.last_name_kana) form.setValue('name_kana', `${me.last_name_kana} ${me.first_name_kana}`.trim());
        if (!form.values.email) form.setValue('email', me.email);
        const phone = me.phone_number || me.cell_phone_number;
        if (!form.values.phone && phone) form.setValue('phone', phone);
      },
      () => {
        /* prefill only */
      },
    );
    return () => controller.abort();
    // Once per login; later edits are the visitor's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isLogin]);

  const errorCount = Object.keys(form.errors).filter((k) => k !== INQUIRY_HONEYPOT).length;
  const text = (
    name: keyof ContactValues & string,
    label: string,
    opts: { hint?: string; optional?: boolean; attrs?: Record<string, string> } = {},
  ) => {
    const hintId = opts.hint ? `${form.field(name).id}-hint` : undefined;
    return (
      <div className="field" key={name}>
        <label htmlFor={form.field(name).id}>
          {label}
          {opts.optional ? '（任意）' : <span className="required">（必須）</span>}
        </label>
        <input {...form.field(name, hintId)} type="text" {...opts.attrs} />
        {opts.hint && (
          <small id={hintId} className="muted">
            {opts.hint}
          </small>
        )}
        <FieldError id={form.errorId(name)} message={form.errors[name]} />
      </div>
    );
  };
  const choiceOptions = (choices: readonly { value: number; label: string }[]) =>
    Object.fromEntries(choices.map((c) => [String(c.value), c.label]));
  const extendField = (key: InquiryExtendKey) => {
    const name = `extend.${key}` as const;
    if (key === 'delivery')
      return (
        <RadioGroup
          key={key}
          form={form}
          name={name}
          legend={`${INQUIRY_EXTEND_LABELS.delivery}（任意）`}
          options={choiceOptions(INQUIRY_DELIVERY_CHOICES)}
        />
      );
    if (key === 'payment')
      return (
        <RadioGroup
          key={key}
          form={form}
          name={name}
          legend={`${INQUIRY_EXTEND_LABELS.payment}（任意）`}
          options={choiceOptions(INQUIRY_PAYMENT_CHOICES)}
        />
      );
    const hint = isDigitsField(key)
      ? '半角数字'
      : key === 'url'
        ? '例：https://example.jp/'
        : key === 'order_no'
          ? '半角英数字'
          : undefined;
    const attrs: Record<string, string> = isDigitsField(key)
      ? { inputMode: 'numeric' }
      : key === 'url'
        ? { type: 'url', inputMode: 'url' }
        : {};
    if (key === 'corporation') attrs.autoComplete = 'organization';
    return text(name, INQUIRY_EXTEND_LABELS[key], { hint, optional: key !== 'corporation', attrs });
  };

  return (
    <form
      className="form contact-form"
      onSubmit={(e) => {
        setTried(true);
        form.handleSubmit(e);
      }}
      noValidate
    >
      <div aria-live="assertive" aria-atomic="true">
        {tried && errorCount > 0 && (
          <p className="alert">入力内容に誤りがあります（{errorCount}件）。各項目のメッセージをご確認ください。</p>
        )}
      </div>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <div className="field">
        <label htmlFor={form.field('category_id').id}>
          {INQUIRY_LABELS.category_id}
          <span className="required">（必須）</span>
        </label>
        <select {...form.field('category_id')}>
          <option value="">選択してください</option>
          {categories.map((c) =>
            c.children.length ? (
              <optgroup key={c.id} label={c.name}>
                <option value={String(c.id)}>{c.name}（全般）</option>
                {c.children.map((child) => (
                  <option key={child.id} value={String(child.id)}>
                    {child.name}
                  </option>
                ))}
              </optgroup>
            ) : (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ),
          )}
        </select>
        <FieldError id={form.errorId('category_id')} message={form.errors.category_id} />
      </div>
      {business && (
        <fieldset className="stack business-fields">
          <legend>法人のお客様の情報</legend>
          {EXTEND_KEYS.map(extendField)}
        </fieldset>
      )}
      <fieldset className="stack">
        <legend>お客様の情報</legend>
        {text('name', INQUIRY_LABELS.name, { attrs: { autoComplete: 'name' } })}
        {text('name_kana', INQUIRY_LABELS.name_kana, { hint: '全角カタカナ' })}
        {text('email', INQUIRY_LABELS.email, {
          hint: '受付確認のメールをお送りします',
          attrs: { type: 'email', autoComplete: 'email', inputMode: 'email' },
        })}
        {text('phone', INQUIRY_LABELS.phone, {
          hint: '半角数字（ハイフン可）例：03-1234-5678',
          optional: true,
          attrs: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
        })}
      </fieldset>
      <div className="field">
        <label htmlFor={form.field('body').id}>
          {INQUIRY_LABELS.body}
          <span className="required">（必須）</span>
        </label>
        <textarea {...form.field('body', `${form.field('body').id}-hint`)} rows={8} />
        <small id={`${form.field('body').id}-hint`} className="muted">
          {INQUIRY_BODY_MAX}文字以内
        </small>
        <FieldError id={form.errorId('body')} message={form.errors.body} />
      </div>
      <Attachment values={form.values} setValue={form.setValue} serverError={form.errors.attachment_url} />
      {/* Honeypot: hidden from people and assistive technology; a bot that fills it is answered but ignored. */}
      <div className="contact-hp" aria-hidden="true">
        <label htmlFor="contact-homepage">ホームページ（入力しないでください）</label>
        <input
          id="contact-homepage"
          name={INQUIRY_HONEYPOT}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={form.values.homepage}
          onChange={(e) => form.setValue('homepage', e.target.value)}
        />
      </div>
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          入力内容を確認する
        </button>
      </div>
    </form>
  );
}

/** The optional attachment: sent at once with POST /v1/upload-files; the inquiry carries its url. */
function Attachment({
  values,
  setValue,
  serverError,
}: {
  values: ContactValues;
  setValue: (name: keyof ContactValues, value: string) => void;
  serverError: string | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = 'contact-attachment';
  const message = error ?? serverError;
  async function choose(file: File | undefined) {
    setError(null);
    if (!file) return;
    setBusy(true);
    try {
      const kept = await uploadFile(file, 'inquiries');
      setValue('attachment_url', kept.url);
      setValue('attachment_name', kept.name);
    } catch (e) {
      const errors = isDisplayableError(e) ? e.errors : undefined;
      setError(errors?.file?.[0] ?? errors?.dir?.[0] ?? firstErrorMessage(e, 'ファイルを送信できませんでした。'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="field">
      <label htmlFor={id}>{INQUIRY_LABELS.attachment_url}（任意）</label>
      {values.attachment_url ? (
        <p className="attachment-chosen">
          <span>{values.attachment_name}</span>{' '}
          <button
            type="button"
            className="btn"
            onClick={() => {
              setValue('attachment_url', '');
              setValue('attachment_name', '');
            }}
          >
            添付を取り消す
          </button>
        </p>
      ) : (
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp,application/pdf"
          disabled={busy}
          aria-busy={busy}
          aria-invalid={!!message}
          aria-describedby={[message ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ')}
          onChange={(e) => {
            void choose(e.target.files?.[0]);
          }}
        />
      )}
      <small id={`${id}-hint`} className="muted">
        JPEG・PNG・GIF・WebPの画像またはPDF、10MBまで{busy ? '（送信中…）' : ''}
      </small>
      <FieldError id={`${id}-error`} message={message ?? undefined} />
    </div>
  );
}
