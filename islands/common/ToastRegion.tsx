/**
 * The toast region (spec 9: bottom-centre, 5 s, at most 5): renders the shared toast store. The
 * island of a page that can raise toasts renders it (cart, checkout steps, my-page frame): a separate
 * island would be one more file in those pages' first load.
 */
import { useToastStore } from '#stores/toast.ts';

/** Live region for toasts; errors are announced assertively, others politely. */
export default function ToastRegion() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <div className="toast-region" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>{t.message}</span>
          <button type="button" className="toast-close" onClick={() => dismiss(t.id)} aria-label="閉じる">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
