/** Names of the executors in flow-executors.ts, for the catalogues (which must not import the code). */
export const BEARER_MFA_TOKEN_EXECUTOR = 'auth.bearer.mfa_token';
export const BEARER_ACCESS_TOKEN_EXECUTOR = 'auth.bearer.access_token';
export const LOGOUT_TOKEN_EXECUTOR = 'auth.bearer.logout_token';
/** Builds a tenant URL for the browser from the operation's inputs; sends nothing. */
export const BROWSER_URL_EXECUTOR = 'auth.browser-url';
/** Sends the request and hands its redirect (if any) on to an http response node. */
export const REDIRECT_ANSWER_EXECUTOR = 'auth.redirect-answer';
export const PAR_EXECUTOR = 'auth.par';
