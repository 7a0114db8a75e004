/**
 * What the login and registration forms need only once the shopper sends them: the login, sync-login,
 * code, registration and school-key calls and the section-4 login rules (src/stores/session-actions.ts,
 * with its logout and notice modules). The forms import() this on their first focus or submit, so a
 * visitor who only looks at /login/ or /register/ does not download them (issue 25).
 */
export { authVerify, loginSync, register, schoolCheck } from '#api-client/account/account.ts';
export { loginUser } from '#api-client/account/auth.ts';
export { adoptLoginResponse } from '#stores/session-actions.ts';
