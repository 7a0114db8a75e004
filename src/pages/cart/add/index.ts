/**
 * POST /cart/add/: the product page's 「カートに入れる」 without JavaScript (or tapped before the
 * enhancement script has loaded). Adds the chosen quantity through the Shop API with the visitor's
 * cartToken cookie (and access_token as bearer), writes cartToken and cart_cache like the browser
 * client does, and answers 303 to /cart/; on failure 303 back to the product with `cart_error`.
 * Cross-site posts are refused by Astro's origin check (security.checkOrigin, on by default).
 */
import type { APIRoute } from 'astro';
import { addToCart, parseProductId, parseQuantity } from '../../../api-client/add-to-cart.ts';
import { ADD_ERROR_PARAM, addErrorCode, type AddErrorCode } from '../../../api-client/add-to-cart-errors.ts';
import { COOKIE_NAMES, encodeCookieValue } from '../../../api-client/cookie-jar.ts';
import { setupServerApi } from '../../../components/server-api.ts';
import { paths } from '../../../lib/routes.ts';

export const prerender = false;

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
  const fail = (code: AddErrorCode) => new Response(null, { status: 303, headers: { Location: `${back}?${ADD_ERROR_PARAM}=${code}`, 'Cache-Control': 'no-store' } });

  const productId = parseProductId(form?.get('product_id'));
  const quantity = parseQuantity(form?.get('quantity'));
  if (!productId) return fail('failed');
  if (!quantity) return fail('quantity');

  // Astro decodes the values; the length checks are the same as the browser's (cookie-jar.ts).
  const token = cookies.get(COOKIE_NAMES.cartToken)?.value;
  const bearer = cookies.get(COOKIE_NAMES.accessToken)?.value;
  const outcome = await addToCart(
    { productId, quantity, token: token && token.length <= 200 ? token : null },
    { bearer: bearer && bearer.length <= 2000 ? bearer : null },
  );

  if (outcome.cart) {
    // Not httpOnly: the header script and the islands read both (spec 9 cookie keys).
    const options = { path: '/', sameSite: 'lax' as const, secure: url.protocol === 'https:', expires: new Date(Date.now() + COOKIE_DAYS * 864e5), encode: encodeCookieValue };
    cookies.set(COOKIE_NAMES.cartToken, outcome.cart.cart.token, options);
    cookies.set(COOKIE_NAMES.cartCache, JSON.stringify({ count: outcome.cart.cart.count }), options);
  }
  if (!outcome.ok) return fail(addErrorCode(outcome.error));
  return new Response(null, { status: 303, headers: { Location: paths.cart, 'Cache-Control': 'no-store' } });
};
