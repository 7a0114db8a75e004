/**
 * /verify/restock/?token=…: the link of a guest's 「再入荷をお知らせ」 confirmation mail. POST
 * /v1/product-requests/confirm confirms the address (every pending request of it); the API's message
 * is shown, or its refusal (a used or expired link) with the way back to the shop.
 */
import { confirmProductRequests } from '#api-client/mypage/discovery.ts';
import { homePath } from '#lib/routes.ts';
import Loading from '../common/Loading.tsx';
import { useTokenLink } from './use-token-link.ts';

export default function ConfirmRestock() {
  const state = useTokenLink(confirmProductRequests);

  if (state.status === 'checking') return <Loading />;
  return (
    <div className="stack">
      <p className={state.status === 'done' ? 'notice' : 'alert'} role={state.status === 'done' ? 'status' : 'alert'}>
        {state.message}
      </p>
      <p>
        <a className="btn" href={homePath}>
          トップページへ
        </a>
      </p>
    </div>
  );
}
