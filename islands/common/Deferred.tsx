/**
 * A part of an island loaded only when it is first shown (a dynamic import), so the page's first load
 * stays within its JS budget: a spinner while it loads (held 200 ms once shown, so it never blinks), a
 * notice if it cannot be loaded.
 */
import type { ComponentType } from 'react';
import Loading from './Loading.tsx';
import { useEffect, useState } from './react.ts';
import { useMinimumLoading } from './useMinimumLoading.ts';

export default function Deferred<P extends object>({ load, props }: { load: () => Promise<{ default: ComponentType<P> }>; props: P }) {
  const [Part, setPart] = useState<ComponentType<P> | null>(null);
  const [failed, setFailed] = useState(false);
  // `load` is a fresh arrow on every render: the part is loaded once, when first shown.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    load().then(
      (m) => setPart(() => m.default),
      () => setFailed(true),
    );
  }, []);
  const loading = useMinimumLoading(!Part && !failed);
  if (failed)
    return (
      <p className="alert" role="alert">
        画面の一部を読み込めませんでした。ページを再読み込みしてください。
      </p>
    );
  return Part && !loading ? <Part {...props} /> : <Loading />;
}
