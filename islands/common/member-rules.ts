/**
 * The site settings the member rules read, as the page rendered them (src/layouts/Mypage.astro puts
 * them on a data attribute from the synced settings), so islands need no settings call to decide.
 */
import { DEFAULT_REDIRECT_SETTINGS, type RedirectSettings } from '#lib/redirects.ts';

export const MEMBER_RULES_ATTRIBUTE = 'data-member-rules';

/** The rules from the first element carrying data-member-rules, else the defaults (member-only on, no verify). */
export function readMemberRules(root: ParentNode | null = typeof document === 'undefined' ? null : document): RedirectSettings {
  const raw = root?.querySelector(`[${MEMBER_RULES_ATTRIBUTE}]`)?.getAttribute(MEMBER_RULES_ATTRIBUTE);
  if (!raw) return DEFAULT_REDIRECT_SETTINGS;
  try {
    const parsed = JSON.parse(raw) as Partial<RedirectSettings>;
    return { noMemberUse: parsed.noMemberUse === true, verifyEmailOnFirstLogin: parsed.verifyEmailOnFirstLogin === true };
  } catch {
    return DEFAULT_REDIRECT_SETTINGS;
  }
}
