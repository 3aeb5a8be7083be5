/**
 * The rules most tenants alert on, as data: each preset is a starting point the editor fills into
 * the form (categories and type codes, key, threshold, window), after which every field can be
 * changed. Categories are those of the log watch (log-categories.ts); type codes are Auth0's
 * (log-types.json, derived from its Tenant Logs catalogue); a test checks both.
 */
export interface AlertPreset {
  /** Stored in the node's `rule` property. */
  id: string;
  label: string;
  /** Which example (examples/logs/alert-*.json) shows it. */
  family: 'failed-logins' | 'account-abuse' | 'attacks' | 'operations';
  categories: readonly string[];
  types: readonly string[];
  key: string;
  threshold: number;
  /** Seconds. */
  window: number;
}

export const ALERT_PRESETS: readonly AlertPreset[] = [
  {
    id: 'failed_logins_user',
    label: 'Failed logins per user',
    family: 'failed-logins',
    categories: ['login_failure'],
    types: [],
    key: 'user',
    threshold: 5,
    window: 600,
  },
  {
    id: 'failed_logins_ip',
    label: 'Failed logins per IP address',
    family: 'failed-logins',
    categories: ['login_failure'],
    types: [],
    key: 'ip',
    threshold: 20,
    window: 600,
  },
  {
    id: 'failed_logins_user_ip',
    label: 'Failed logins per user and IP address',
    family: 'failed-logins',
    categories: ['login_failure'],
    types: [],
    key: 'user+ip',
    threshold: 5,
    window: 600,
  },
  {
    id: 'signups_ip',
    label: 'Sign-ups per IP address (sign-up abuse)',
    family: 'account-abuse',
    categories: [],
    types: ['ss'],
    key: 'ip',
    threshold: 10,
    window: 3600,
  },
  {
    id: 'password_resets_user',
    label: 'Password resets per user',
    family: 'account-abuse',
    categories: [],
    types: ['scpr', 'fcpr'],
    key: 'user',
    threshold: 3,
    window: 3600,
  },
  {
    id: 'mfa_failures_user',
    label: 'MFA failures per user',
    family: 'account-abuse',
    categories: ['mfa_failure'],
    types: [],
    key: 'user',
    threshold: 5,
    window: 600,
  },
  {
    id: 'blocked_accounts',
    label: 'Blocked accounts and IP addresses',
    family: 'attacks',
    categories: ['blocked'],
    types: [],
    key: 'user+ip',
    threshold: 1,
    window: 600,
  },
  {
    id: 'breached_passwords',
    label: 'Breached password detections',
    family: 'attacks',
    categories: ['breached_password'],
    types: [],
    key: 'user',
    threshold: 1,
    window: 600,
  },
  {
    id: 'rate_limits',
    label: 'Rate limit (api_limit) events per application',
    family: 'operations',
    categories: [],
    types: ['api_limit'],
    key: 'client',
    threshold: 1,
    window: 600,
  },
  {
    id: 'management_changes_client',
    label: 'Configuration changes through the Management API per application',
    family: 'operations',
    categories: ['api_success'],
    types: [],
    key: 'client',
    threshold: 10,
    window: 600,
  },
];

export const CUSTOM_RULE = 'custom';

const BY_ID = new Map(ALERT_PRESETS.map((preset) => [preset.id, preset]));

export function presetById(id: string): AlertPreset | undefined {
  return BY_ID.get(id);
}
