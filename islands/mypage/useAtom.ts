/**
 * A nanostores atom in a React island (what @nanostores/react's useStore does for these islands):
 * written here on the islands' own React entry, because that package imports the CommonJS React
 * itself and so makes the my-page chunk share Rolldown's interop runtime file with the React chunk,
 * a file every island page then downloads.
 */
import type { ReadableAtom } from 'nanostores';
import { useCallback, useRef, useSyncExternalStore } from '../common/react.ts';

/** The atom's current value; re-renders when it changes. */
export function useAtom<T>(store: ReadableAtom<T>): T {
  const snapshot = useRef<T>(undefined as T);
  snapshot.current = store.get();
  const subscribe = useCallback((onChange: () => void) => {
    const emit = (value: T) => {
      if (snapshot.current === value) return;
      snapshot.current = value;
      onChange();
    };
    // A value that changed between render and subscribe is caught here, as in @nanostores/react.
    emit(store.value as T);
    return store.listen(emit);
  }, [store]);
  const get = () => snapshot.current;
  return useSyncExternalStore(subscribe, get, get);
}
