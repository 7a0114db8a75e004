/**
 * 「この項目の記録をすべて削除」 on the measurement editor: asks in the page first (a labelled group,
 * not window.confirm, so screen readers and the shop's look both work). Focus moves to 「やめる」 when
 * the question opens (the safe choice for a delete of many) and back to the button when it closes.
 */
import { useEffect, useRef, useState } from '../common/react.ts';

/** `describedBy`: the id of the heading naming the purpose (the button's own name is the screen's wording). */
export default function MeasurementClear({
  label,
  count,
  busy,
  describedBy,
  onClear,
}: {
  label: string;
  count: number;
  busy: boolean;
  describedBy: string;
  onClear: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const ask = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (asking) cancel.current?.focus();
    else if (opened.current) ask.current?.focus();
    opened.current = asking;
  }, [asking]);

  if (!asking)
    return (
      <p>
        <button ref={ask} type="button" className="btn" onClick={() => setAsking(true)} aria-describedby={describedBy}>
          この項目の記録をすべて削除
        </button>
      </p>
    );
  return (
    <div role="group" aria-label={`${label}の記録の削除の確認`} className="notice">
      <p style={{ marginTop: 0 }}>
        {label}の記録{count}件をすべて削除します。元に戻せません。よろしいですか？
      </p>
      <div style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap' }}>
        <button type="button" className="btn btn-primary" onClick={onClear} disabled={busy} aria-busy={busy}>
          すべて削除する
        </button>
        <button ref={cancel} type="button" className="btn" onClick={() => setAsking(false)} disabled={busy}>
          やめる
        </button>
      </div>
    </div>
  );
}
