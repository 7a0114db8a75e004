/** Loads what a receiver's step shows, once per key; a failure becomes the step's notice. */
import { useEffect, useState } from '../common/react.ts';

export type Loaded<T> = { state: 'loading' } | { state: 'ok'; data: T } | { state: 'error'; error: unknown };

export function useGiftLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ state: 'ok', data });
      },
      (error) => {
        if (!controller.signal.aborted) setResult({ state: 'error', error });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per key
  }, [key]);
  return result;
}
