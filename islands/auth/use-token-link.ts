/**
 * The step of a mailed link's page (/login/unlock/, /verify/restock/): reads `?token=` once, sends it
 * with `open` and holds the message to show, the API's answer or its refusal (a used or expired link).
 */

import { firstErrorMessage, isDisplayableError } from '#api-client/core/errors.ts';
import { useEffect, useRef, useState } from '../common/react.ts';

export const NO_TOKEN_MESSAGE = 'URLが正しくありません。メールに記載のURLをもう一度開いてください。';

export type TokenLinkState = { status: 'checking' } | { status: 'done' | 'failed'; message: string };

/** Opens the page's link once (strict-mode double effects included); `open` answers the message to show. */
export function useTokenLink(open: (token: string) => Promise<string>): TokenLinkState {
  const [state, setState] = useState<TokenLinkState>({ status: 'checking' });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get('token');
    if (!token) {
      setState({ status: 'failed', message: NO_TOKEN_MESSAGE });
      return;
    }
    open(token).then(
      (message) => setState({ status: 'done', message }),
      (e: unknown) => {
        if (isDisplayableError(e)) setState({ status: 'failed', message: firstErrorMessage(e) });
      },
    );
  }, []);
  return state;
}
