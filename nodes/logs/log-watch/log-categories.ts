/**
 * Auth0 log event type codes and the categories the log watcher filters by. One table, read by
 * the runtime (the filter) and by the editor (through the admin endpoint of auth0-log-watch).
 *
 * Codes and meanings: Auth0's "Log event type codes" page; categories follow Auth0's log stream
 * event filters ("Login - Failure" is f, fc, fco, fcoa, fens, fp, fu) where Auth0 has one, and
 * group the alerting cases (blocked accounts, breached passwords, rate limits) where it has none.
 */

export interface LogCategory {
  /** Stored in the node's `categories` property. */
  id: string;
  label: string;
  codes: readonly string[];
  /** Codes starting with one of these also belong (Guardian adds `gd_*` codes over time). */
  prefixes?: readonly string[];
}

/** Known codes with a short meaning, for the editor's list and the help. */
export const LOG_TYPE_CODES: Readonly<Record<string, string>> = {
  s: 'Successful login',
  scoa: 'Successful cross-origin authentication',
  sens: 'Successful native social login',
  f: 'Failed login',
  fc: 'Failed login by connector',
  fco: 'Failed by CORS (origin not allowed)',
  fcoa: 'Failed cross-origin authentication',
  fens: 'Failed native social login',
  fp: 'Failed login (incorrect password)',
  fu: 'Failed login (invalid email or username)',
  w: 'Warnings during login',
  ss: 'Successful signup',
  fs: 'Failed signup',
  slo: 'Successful logout',
  flo: 'Failed logout',
  oidc_backchannel_logout_succeeded: 'Successful OIDC back-channel logout',
  oidc_backchannel_logout_failed: 'Failed OIDC back-channel logout',
  ssa: 'Successful silent authentication',
  fsa: 'Failed silent authentication',
  seacft: 'Exchanged an authorization code for an access token',
  feacft: 'Failed to exchange an authorization code for an access token',
  seccft: 'Exchanged client credentials for an access token',
  feccft: 'Failed to exchange client credentials for an access token',
  sede: 'Exchanged a device code for an access token',
  fede: 'Failed to exchange a device code for an access token',
  seoobft: 'Exchanged password and OOB challenge for an access token',
  feoobft: 'Failed to exchange password and OOB challenge',
  seotpft: 'Exchanged password and OTP challenge for an access token',
  feotpft: 'Failed to exchange password and OTP challenge',
  sepft: 'Exchanged a password for an access token',
  fepft: 'Failed to exchange a password for an access token',
  sercft: 'Exchanged password and MFA recovery code for an access token',
  fercft: 'Failed to exchange password and MFA recovery code',
  sertft: 'Exchanged a refresh token for an access token',
  fertft: 'Failed to exchange a refresh token for an access token',
  ferrt: 'Failed to exchange a rotating refresh token (reuse detected?)',
  srrt: 'Successful refresh token revocation',
  sapi: 'Management API operation succeeded',
  fapi: 'Management API operation failed',
  mgmt_api_read: 'Management API read operation',
  api_limit: 'Rate limit reached (Authentication or Management API)',
  api_limit_warning: 'Rate limit at 80 % of a bucket',
  limit_delegation: 'Too many calls to /delegation',
  limit_wc: 'Blocked account (too many failed logins from one IP)',
  limit_sul: 'Blocked user (suspicious logins)',
  limit_mu: 'Blocked IP address (failed logins or signups from one IP)',
  ublkdu: 'Login block released',
  pwd_leak: 'Login with a breached password',
  signup_pwd_leak: 'Signup with a breached password',
  reset_pwd_leak: 'Password reset to a breached password',
  mfar: 'MFA required',
  gd_auth_failed: 'MFA authentication failed',
  gd_auth_rejected: 'MFA push notification rejected',
  gd_auth_succeed: 'MFA authentication succeeded',
  gd_enrollment_complete: 'MFA enrollment complete',
  gd_otp_rate_limit_exceed: 'Too many wrong MFA codes',
  gd_recovery_failed: 'Wrong MFA recovery code',
  gd_recovery_rate_limit_exceed: 'Too many wrong MFA recovery codes',
  gd_recovery_succeed: 'MFA recovery succeeded',
  gd_send_pn: 'MFA push notification sent',
  gd_send_sms: 'MFA SMS sent',
  gd_send_sms_failure: 'MFA SMS could not be sent',
  gd_send_voice: 'MFA voice call made',
  gd_send_voice_failure: 'MFA voice call failed',
  gd_start_auth: 'MFA second factor started',
  gd_start_enroll: 'MFA enrollment started',
  gd_tenant_update: 'Guardian tenant settings updated',
  gd_unenroll: 'MFA device unenrolled',
  gd_update_device_account: 'MFA device updated',
  scp: 'Password changed',
  fcp: 'Failed to change password',
  scpr: 'Password change requested',
  fcpr: 'Failed password change request',
  sce: 'Email changed',
  fce: 'Failed to change email',
  scu: 'Username changed',
  fcu: 'Failed to change username',
  scpn: 'Phone number changed',
  fcpn: 'Failed to change phone number',
  sv: 'Email verified',
  fv: 'Failed to send the verification email',
  svr: 'Verification email requested',
  fvr: 'Failed verification email request',
  du: 'User deleted',
  sdu: 'User deleted (successful deletion)',
  fdu: 'Failed to delete a user',
  cls: 'Passwordless code or link sent',
  cs: 'Passwordless code sent',
  fcls: 'Failed to send a passwordless code or link',
  fn: 'Failed to send a notification email',
  sui: 'Users imported',
  fui: 'Users import failed',
  con: 'AD/LDAP connector online',
  coff: 'AD/LDAP connector offline',
  fcpro: 'Failed to provision an AD/LDAP connector',
  depnote: 'Deprecation notice',
  actions_execution_failed: 'An Action failed',
};

export const LOG_CATEGORIES: readonly LogCategory[] = [
  { id: 'login_failure', label: 'Login failures', codes: ['f', 'fc', 'fco', 'fcoa', 'fens', 'fp', 'fu'] },
  { id: 'login_success', label: 'Successful logins', codes: ['s', 'scoa', 'sens'] },
  { id: 'login_notification', label: 'Login warnings', codes: ['w'] },
  { id: 'blocked', label: 'Blocked accounts and IP addresses', codes: ['limit_wc', 'limit_sul', 'limit_mu'] },
  { id: 'breached_password', label: 'Breached passwords', codes: ['pwd_leak', 'signup_pwd_leak', 'reset_pwd_leak'] },
  { id: 'signup_failure', label: 'Signup failures', codes: ['fs'] },
  { id: 'signup_success', label: 'Successful signups', codes: ['ss'] },
  { id: 'logout', label: 'Logouts', codes: ['slo', 'flo', 'oidc_backchannel_logout_succeeded', 'oidc_backchannel_logout_failed'] },
  { id: 'silent_auth_failure', label: 'Silent authentication failures', codes: ['fsa'] },
  {
    id: 'token_exchange_failure',
    label: 'Token exchange failures',
    codes: ['feacft', 'feccft', 'fede', 'feoobft', 'feotpft', 'fepft', 'fercft', 'fertft', 'ferrt'],
  },
  {
    id: 'token_exchange_success',
    label: 'Successful token exchanges',
    codes: ['seacft', 'seccft', 'sede', 'seoobft', 'seotpft', 'sepft', 'sercft', 'sertft'],
  },
  { id: 'api_failure', label: 'Management API failures', codes: ['fapi'] },
  { id: 'api_success', label: 'Management API changes', codes: ['sapi'] },
  { id: 'rate_limit', label: 'Rate limits', codes: ['api_limit', 'api_limit_warning', 'limit_delegation'] },
  {
    id: 'mfa_failure',
    label: 'MFA failures',
    codes: [
      'gd_auth_failed',
      'gd_auth_rejected',
      'gd_otp_rate_limit_exceed',
      'gd_recovery_failed',
      'gd_recovery_rate_limit_exceed',
      'gd_send_sms_failure',
      'gd_send_voice_failure',
    ],
  },
  { id: 'mfa', label: 'MFA (all Guardian events)', codes: ['mfar'], prefixes: ['gd_'] },
  { id: 'user_change_failure', label: 'Failed user changes', codes: ['fcp', 'fcpr', 'fce', 'fcu', 'fcpn', 'fv', 'fvr', 'fdu'] },
  { id: 'user_deleted', label: 'Deleted users', codes: ['du', 'sdu'] },
  {
    id: 'system',
    label: 'System notices (deprecations, connector, Actions, imports)',
    codes: ['depnote', 'con', 'coff', 'fcpro', 'actions_execution_failed', 'fn', 'sui', 'fui'],
  },
];

const CATEGORY_BY_ID = new Map(LOG_CATEGORIES.map((category) => [category.id, category]));

export function categoryById(id: string): LogCategory | undefined {
  return CATEGORY_BY_ID.get(id);
}

/** Names in `ids` that are not categories (reported to the user, never silently ignored). */
export function unknownCategories(ids: readonly string[]): string[] {
  return ids.filter((id) => !CATEGORY_BY_ID.has(id));
}

export type LogTypeMatcher = (type: unknown) => boolean;

/**
 * A predicate over an event's `type`: true when it is one of `types` or belongs to one of
 * `categories`. With neither, every event matches (the contract: empty `types` means all).
 */
export function logTypeMatcher(types: readonly string[], categories: readonly string[]): LogTypeMatcher {
  const codes = new Set(types.map((code) => code.trim()).filter((code) => code !== ''));
  const prefixes: string[] = [];
  for (const id of categories) {
    const category = CATEGORY_BY_ID.get(id);
    if (!category) continue;
    for (const code of category.codes) codes.add(code);
    prefixes.push(...(category.prefixes ?? []));
  }
  if (codes.size === 0 && prefixes.length === 0) {
    // Only unknown categories were chosen: match nothing rather than everything.
    return categories.length > 0 ? () => false : () => true;
  }
  return (type) => typeof type === 'string' && (codes.has(type) || prefixes.some((prefix) => type.startsWith(prefix)));
}

/** Editor data: every category with its codes, every known code with its meaning. */
export function logTypeTable(): { categories: LogCategory[]; codes: { code: string; label: string }[] } {
  return {
    categories: LOG_CATEGORIES.map((category) => ({ ...category, codes: [...category.codes] })),
    codes: Object.entries(LOG_TYPE_CODES).map(([code, label]) => ({ code, label })),
  };
}
