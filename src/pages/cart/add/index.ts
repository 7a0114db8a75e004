/**
 * POST /cart/add/: the product page's 「カートに入れる」 without JavaScript (or tapped before the
 * enhancement script has loaded). Adds the chosen quantity through the Shop API with the visitor's
 * cartToken cookie (and access_token as bearer), writes cartToken and cart_cache like the browser
 * client does, and answers 303 to /cart/; on failure 303 back to the product with `cart_error`.
 * 「名入れ刺繍をする」 (embroidery=1 with embroidery_text, _font, _color) adds the line with that embroidery.
 * Asked with `Accept: application/json` (the product page's enhancement script, which stays on the
 * page), it answers `{ ok, count, message }` instead of redirecting, with the same cookies.
 * Cross-site posts are refused by Astro's origin check (security.checkOrigin, on by default).
 */
import type { APIRoute } from 'astro';
import { addToCart, parseEmbroidery, parseProductId, parseQuantity } from '#api-client/cart/add-to-cart.server.ts';
import { ADD_ERROR_MESSAGES, ADD_ERROR_PARAM, type AddErrorCode, addErrorCode } from '#api-client/cart/add-to-cart-errors.ts';
import { COOKIE_NAMES, encodeCookieValue } from '#api-client/core/cookie-jar.ts';
import { firstErrorMessage, isDisplayableError } from '#api-client/core/errors.ts';
import { setupServerApi } from '#components/server-api.ts';
import { paths } from '#lib/routes.ts';

export const prerender = false;

/** The JSON answer (see src/scripts/add-to-cart.ts): the cart's new count, or the message to show. */
export interface AddJsonAnswer {
  ok: boolean;
  count: number | null;
  message: string | null;
}

const COOKIE_DAYS = 30;
const PRODUCT_KEY = /^[\w.-]{1,200}$/;

/** Where to send the shopper back to: their product page, or the list for a missing/odd key. */
function productPath(key: unknown): string {
  return typeof key === 'string' && PRODUCT_KEY.test(key) ? paths.productDetail(key) : paths.productList();
}

export const POST: APIRoute = async ({ request, cookies, url }) => {
  setupServerApi();
  const form = await request.formData().catch(() => null);
  const back = productPath(form?.get('product_key'));
  const wantsJson = /\bapplication\/json\b/.test(request.headers.get('accept') ?? '');
  const json = (status: number, body: AddJsonAnswer) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  // JSON status: 422 for what the shopper can change, 401 for an ended login, 502 when the API failed.
  const fail = (code: AddErrorCode, message: string = ADD_ERROR_MESSAGES[code], status = 422) =>
    wantsJson
      ? json(code === 'login' ? 401 : status, { ok: false, count: null, message })
      : new Response(null, { status: 303, headers: { Location: `${back}?${ADD_ERROR_PARAM}=${code}`, 'Cache-Control': 'no-store' } });

  const productId = parseProductId(form?.get('product_id'));
  const quantity = parseQuantity(form?.get('quantity'));
  if (!productId) return fail('failed');
  if (!quantity) return fail('quantity');

  // Astro decodes the values; the length checks are the same as the browser's (cookie-jar.ts).
  const token = cookies.get(COOKIE_NAMES.cartToken)?.value;
  const bearer = cookies.get(COOKIE_NAMES.accessToken)?.value;
  const outcome = await addToCart(
    { productId, quantity, token: token && token.length <= 200 ? token : null, embroidery: parseEmbroidery(form) },
    { bearer: bearer && bearer.length <= 2000 ? bearer : null },
  );

  if (outcome.cart) {
    // Not httpOnly: the header script and the islands read both (spec 9 cookie keys).
    const options = {
      path: '/',
      sameSite: 'lax' as const,
      secure: url.protocol === 'https:',
      expires: new Date(Date.now() + COOKIE_DAYS * 864e5),
      encode: encodeCookieValue,
    };
    cookies.set(COOKIE_NAMES.cartToken, outcome.cart.cart.token, options);
    cookies.set(COOKIE_NAMES.cartCache, JSON.stringify({ count: outcome.cart.cart.count }), options);
  }
  if (!outcome.ok) {
    const code = addErrorCode(outcome.error);
    // The script shows the API's own Japanese text (a JSON body, not a URL anyone could forge).
    // The embroidery's own message (「刺繍する文字は12文字以内に…」) says what to change.
    const shown = (code === 'failed' || code === 'embroidery') && isDisplayableError(outcome.error);
    return fail(
      code,
      shown ? firstErrorMessage(outcome.error, ADD_ERROR_MESSAGES[code]) : ADD_ERROR_MESSAGES[code],
      code === 'failed' && !shown ? 502 : 422,
    );
  }
  if (wantsJson) return json(200, { ok: true, count: outcome.cart.cart.count, message: null });
  return new Response(null, { status: 303, headers: { Location: paths.cart, 'Cache-Control': 'no-store' } });
};
