/** What every call that logs somebody in shares: the client's address and the refresh-token cookie. */
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '#contracts/auth.ts';
import type { AppEnv } from '../../context.ts';
import { clientAddress, isHttpsContext } from '../../middleware/client-address.ts';
import type { ClientInfo, Session } from '../../services/auth/index.ts';

export const isHttps = (c: Context<AppEnv>) => isHttpsContext(c, c.get('env').TRUSTED_PROXIES);

/** The client's address (as TRUSTED_PROXIES allows) and user agent, for rate limits and the login history. */
export function clientInfo(c: Context<AppEnv>): ClientInfo {
  return { ip: clientAddress(c, c.get('env').TRUSTED_PROXIES), userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null };
}

/** Sets the httpOnly refresh cookie of a new session (nothing on the code step, which has none yet). */
export function setRefreshCookie(c: Context<AppEnv>, session: Session) {
  if (!session.refreshSecret || !session.refreshExpiresAt) return;
  setCookie(c, REFRESH_COOKIE, session.refreshSecret, {
    httpOnly: true,
    path: REFRESH_COOKIE_PATH,
    sameSite: 'Lax',
    secure: isHttps(c),
    expires: session.refreshExpiresAt,
  });
}
