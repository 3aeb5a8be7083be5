/**
 * The categories the log watcher filters by, read by the runtime (the filter) and by the editor
 * (through the admin endpoint of auth0-log-watch), beside every log type of Auth0's catalogue
 * (../log-types.ts, derived from it).
 *
 * Categories follow Auth0's log stream event filters ("Login - Failure" is f, fc, fco, fcoa, fens,
 * fp, fu) where Auth0 has one, and group the alerting cases (blocked accounts, breached
 * passwords, rate limits) where it has none; a few codes Auth0 still sends but no longer lists in
 * its catalogue (fc, fapi, du, …) stay in them.
 */
import { allLogTypes } from '../log-types';

export interface LogCategory {
  /** Stored in the node's `categories` property. */
  id: string;
  label: string;
  codes: readonly string[];
  /** Codes starting with one of these also belong (Guardian adds `gd_*` codes over time). */
  prefixes?: readonly string[];
}

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

/** Editor data: every category with its codes, and every type of Auth0's catalogue with its meaning and category. */
export function logTypeTable(): { categories: LogCategory[]; codes: { code: string; label: string; category: string }[] } {
  return {
    categories: LOG_CATEGORIES.map((category) => ({ ...category, codes: [...category.codes] })),
    codes: allLogTypes().map((type) => ({ code: type.code, label: type.description, category: type.category })),
  };
}
