/**
 * /mypage/name-embroidery/edit/ (名入れ刺繍の登録・編集): the text (1–12 stitchable characters, the
 * API's rule from contracts/memorial-choices.ts), the typeface and the thread colour from the fixed
 * lists, with a live preview. Saved, the member goes back to the embroidery screen, which says so.
 */

import { getNameEmbroidery, type NameEmbroidery, saveNameEmbroidery } from '#api-client/mypage/memorials.ts';
import {
  characterCount,
  EMBROIDERY_COLORS,
  EMBROIDERY_FONTS,
  EMBROIDERY_TEXT,
  EMBROIDERY_TEXT_LABEL,
  EMBROIDERY_TEXT_MAX,
  type EmbroideryColor,
  type EmbroideryFont,
  embroideryMessages,
} from '#contracts/memorial-choices.ts';
import { mypageNameEmbroideryPath } from '#lib/mypage-routes.ts';
import type { FormSpec } from '#validation/form.ts';
import { isEmpty, type Rule, required } from '#validation/rules.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import FieldError from '../common/FieldError.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useState } from '../common/react.ts';
import { useAccountForm } from '../reminder/account-form.ts';
import MypageLayout from './MypageLayout.tsx';
import NameEmbroideryPreview from './NameEmbroideryPreview.tsx';

export default function NameEmbroideryEdit() {
  return (
    <MypageLayout>
      <Loader />
    </MypageLayout>
  );
}

function Loader() {
  const [data, setData] = useState<NameEmbroidery | null | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    const ac = new AbortController();
    getNameEmbroidery({ signal: ac.signal }).then(setData, (e) => {
      if (!ac.signal.aborted) setError(e);
    });
    return () => ac.abort();
  }, []);
  if (error) return <ErrorMessage error={error} fallback="名入れ刺繍を読み込めませんでした。" />;
  if (data === undefined) return <Loading />;
  return <Editor saved={data} />;
}

type Values = { text: string; font: string; color: string };

const fitsLength: Rule = (value) =>
  typeof value === 'string' && characterCount(value.trim()) > EMBROIDERY_TEXT_MAX ? embroideryMessages.length : null;
const stitchable: Rule = (value) => (isEmpty(value) || EMBROIDERY_TEXT.test(String(value).trim()) ? null : embroideryMessages.characters);

const spec: FormSpec<Values> = {
  text: { label: EMBROIDERY_TEXT_LABEL, rules: [required, fitsLength, stitchable] },
  font: { label: '書体', rules: [required] },
  color: { label: '糸の色', rules: [required] },
};

function Editor({ saved }: { saved: NameEmbroidery | null }) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  async function submit(values: Values) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      await saveNameEmbroidery({ text: values.text.trim(), font: values.font as EmbroideryFont, color: values.color as EmbroideryColor });
      window.location.assign(`${mypageNameEmbroideryPath}?done=saved`);
    } catch (e) {
      setAlert(form.showApiError(e));
      setBusy(false);
    }
  }

  const form = useAccountForm<Values>({
    initial: { text: saved?.text ?? '', font: saved?.font ?? 'mincho', color: saved?.color ?? 'gold' },
    spec,
    onSubmit: submit,
  });
  const count = characterCount(form.values.text.trim());
  const hintId = 'embroidery-text-hint';

  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <div className="field">
        <label htmlFor={form.field('text').id}>{EMBROIDERY_TEXT_LABEL}</label>
        <input {...form.field('text', hintId)} type="text" required autoComplete="off" placeholder="例：Hanako" />
        <small id={hintId} className="muted">
          {EMBROIDERY_TEXT_MAX}文字まで（ひらがな・カタカナ・漢字・英数字・スペースと記号 ・ー.&amp;&apos;- が使えます）。現在{count}文字
        </small>
        <FieldError id={form.errorId('text')} message={form.errors.text} />
      </div>
      <fieldset className="field">
        <legend>書体</legend>
        {Object.entries(EMBROIDERY_FONTS).map(([code, label]) => (
          <label key={code} style={{ marginRight: '1rem' }}>
            <input type="radio" name="font" value={code} checked={form.values.font === code} onChange={() => form.setValue('font', code)} />{' '}
            {label}
          </label>
        ))}
        <FieldError id={form.errorId('font')} message={form.errors.font} />
      </fieldset>
      <fieldset className="field">
        <legend>糸の色</legend>
        {Object.entries(EMBROIDERY_COLORS).map(([code, c]) => (
          <label key={code} style={{ marginRight: '1rem' }}>
            <input
              type="radio"
              name="color"
              value={code}
              checked={form.values.color === code}
              onChange={() => form.setValue('color', code)}
            />{' '}
            <span
              aria-hidden="true"
              style={{
                display: 'inline-block',
                width: '1em',
                height: '1em',
                background: c.hex,
                border: '1px solid #555',
                verticalAlign: 'middle',
              }}
            />{' '}
            {c.label}
          </label>
        ))}
        <FieldError id={form.errorId('color')} message={form.errors.color} />
      </fieldset>
      <NameEmbroideryPreview
        text={form.values.text.trim()}
        font={form.values.font as EmbroideryFont}
        color={form.values.color as EmbroideryColor}
      />
      <div style={{ display: 'flex', gap: '.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          保存する
        </button>
        <a href={mypageNameEmbroideryPath}>名入れ刺繍へ戻る</a>
      </div>
    </form>
  );
}
