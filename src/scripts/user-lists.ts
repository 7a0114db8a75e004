/**
 * 「リストに追加」 on the product page (themes/default/components/AddToListButton.astro): a member
 * attaches the product to the default list (PATCH /v1/me/user-lists/attach) and can take it out
 * again (PATCH /v1/me/user-lists/detach); a failure shows the server's message (spec 8); a guest is
 * asked to log in. Other scripts hear `shop:user-list` with the product id and whether it is listed.
 */
import { api, askLogin, CallError, isMember } from './discovery/api.ts';

interface UserList {
  key: string;
  name: string;
  count: number;
}

function setState(button: HTMLButtonElement, listed: boolean, status: HTMLElement | null, listName?: string): void {
  button.setAttribute('aria-pressed', String(listed));
  button.textContent = listed ? 'リストから外す' : 'リストに追加';
  if (!status) return;
  status.replaceChildren();
  if (listed) {
    status.append(
      `「${listName ?? 'お気に入りリスト'}」に追加しました。 `,
      Object.assign(document.createElement('a'), { href: '/mypage/list/', textContent: 'リストを見る' }),
    );
  } else if (listName === undefined) {
    status.append('リストから外しました。');
  }
}

function enhance(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('button[data-add-to-list]');
  const status = root.querySelector<HTMLElement>('[data-list-status]');
  const alert = root.querySelector<HTMLElement>('[data-list-alert]');
  if (!button) return;
  const id = Number(button.dataset.productId);
  button.addEventListener('click', async () => {
    if (alert) {
      alert.textContent = '';
      alert.hidden = true;
    }
    if (!isMember()) {
      askLogin('リストに追加する');
      return;
    }
    const listed = button.getAttribute('aria-pressed') === 'true';
    button.setAttribute('aria-busy', 'true');
    try {
      if (listed) {
        await api('PATCH', '/v1/me/user-lists/detach', { body: { table: 'products', ids: [id] } });
        setState(button, false, status);
      } else {
        const list = await api<UserList>('PATCH', '/v1/me/user-lists/attach', { body: { table: 'products', ids: [id] } });
        setState(button, true, status, list.name);
      }
      window.dispatchEvent(new CustomEvent('shop:user-list', { detail: { product_id: id, is_listed: !listed } }));
    } catch (e) {
      if (e instanceof CallError && e.status === 401) {
        askLogin('リストに追加する');
        return;
      }
      if (alert) {
        alert.textContent = e instanceof Error ? e.message : String(e);
        alert.hidden = false;
      }
    } finally {
      button.removeAttribute('aria-busy');
    }
  });
}

document.querySelectorAll<HTMLElement>('[data-user-list-button]').forEach(enhance);
