/**
 * What the test provider serves to browsers: the tokenising script the shop's card form loads
 * (`/testpay.js`) and the 3-D Secure challenge page (`/3ds/{ref}`), in Japanese.
 */

/**
 * `/testpay.js`: `TestPay(publicKey).createToken({ number, expiry, code, name })` posts the card to
 * this provider's own origin (taken from the script's own URL) and resolves to
 * `{ id, card: { brand, last4, expiry, name } }`, or rejects with `{ message, errors }`. The shop's
 * page never sends the number anywhere else.
 */
export const TESTPAY_SCRIPT = `(function () {
  var script = document.currentScript;
  var origin = script ? new URL(script.src).origin : '';
  function TestPay(publicKey) {
    return {
      createToken: function (card) {
        return fetch(origin + '/tokens', {
          method: 'POST', mode: 'cors', credentials: 'omit', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ key: publicKey, number: card.number, expiry: card.expiry, code: card.code, name: card.name })
        }).then(function (res) {
          return res.json().catch(function () { return {}; }).then(function (body) {
            if (res.ok) return body;
            throw { message: body.message || 'カード情報を確認できませんでした。', errors: body.errors || {} };
          });
        }, function () { throw { message: '決済サービスに接続できませんでした。時間をおいて再度お試しください。', errors: {} }; });
      }
    };
  }
  window.TestPay = TestPay;
})();
`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;

/** The challenge page: the amount, the card, a labelled code field, 認証する and キャンセル. */
export function challengePage(opts: {
  action: string;
  amount: number;
  brand: string;
  last4: string;
  code: string;
  error?: string;
}): string {
  const error = opts.error ? `<p class="error" role="alert" id="code-error">${escapeHtml(opts.error)}</p>` : '';
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>本人認証（3-Dセキュア）｜テスト決済</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;line-height:1.7;color:#222}
h1{font-size:1.3rem}.box{border:1px solid #ccc;border-radius:8px;padding:1rem 1.25rem}
label{display:block;font-weight:bold;margin-top:1rem}input{font-size:1.2rem;padding:.4rem;width:10rem;letter-spacing:.1em}
.actions{display:flex;gap:.75rem;margin-top:1rem}button{font-size:1rem;padding:.5rem 1.2rem;border-radius:6px;border:1px solid #555;background:#fff;cursor:pointer}
button.primary{background:#1a4fb5;border-color:#1a4fb5;color:#fff}.error{color:#b00020;font-weight:bold}.hint{background:#f3f6fb;padding:.5rem .75rem;border-radius:6px}
button:focus-visible,input:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
</style></head>
<body><main class="box">
<h1>本人認証（3-Dセキュア）</h1>
<p>カード発行会社による本人認証です。ご利用金額：<strong>${yen(opts.amount)}</strong><br>カード：${escapeHtml(opts.brand.toUpperCase())} **** ${escapeHtml(opts.last4)}</p>
<p class="hint">テスト環境です。<strong>認証コード ${escapeHtml(opts.code)}</strong> を入力してください。</p>
${error}
<form method="post" action="${escapeHtml(opts.action)}">
<label for="code">認証コード</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required autofocus${opts.error ? ' aria-invalid="true" aria-describedby="code-error"' : ''}>
<div class="actions">
<button type="submit" class="primary" name="action" value="verify">認証する</button>
<button type="submit" name="action" value="cancel" formnovalidate>キャンセル</button>
</div>
</form>
</main></body></html>`;
}

/** A page for a broken or unknown challenge link. */
export const invalidChallengePage = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>本人認証｜テスト決済</title></head>
<body><main><h1>本人認証を続けられません</h1><p>認証の有効期限が切れたか、URLが正しくありません。ショップに戻り、もう一度お手続きください。</p></main></body></html>`;
