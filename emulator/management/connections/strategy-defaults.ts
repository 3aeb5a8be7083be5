/**
 * What Auth0 adds to a new connection by strategy, as its recorded answers to `POST
 * /api/v2/connections` show (../shared/reference/auth0-recordings/go-auth0, recorded 2024–2026):
 * option defaults, and `show_as_button`, `display_name`, `provisioning_ticket_url`,
 * `authentication` and `connected_accounts` where Auth0 sends them. The recordings are followed
 * over the API description, which marks all of these optional and says nothing of the defaults.
 * What Auth0 derives from the internet (an OIDC issuer's discovery document, a SAML certificate's
 * subject and thumbprints) is not made up here.
 */
import type { JsonRecord } from '../../core/collection';
import { randomAlnum } from '../../core/ids';

const SOCIAL_SCOPES: Record<string, JsonRecord> = {
  facebook: { scope: '' },
  github: { scope: [] },
  salesforce: { scope: [] },
  'google-oauth2': { email: true, profile: true, scope: ['email', 'profile'] },
  line: { profile: true, scope: ['openid', 'profile'] },
  linkedin: { profile: true, scope: ['r_basicprofile'] },
  windowslive: { signin: true, scope: ['wl.signin'] },
  wordpress: { profile: true, scope: ['profile'] },
};

const OPTION_DEFAULTS: Record<string, JsonRecord> = {
  auth0: {
    mfa: { active: true, return_enroll_settings: true },
    passwordPolicy: 'good',
    strategy_version: 2,
    authentication_methods: { password: { enabled: true }, passkey: { enabled: false } },
    passkey_options: { challenge_ui: 'both', progressive_enrollment_enabled: true, local_enrollment_enabled: true },
    brute_force_protection: true,
  },
  sms: { brute_force_protection: true },
  email: { brute_force_protection: true },
  ad: { ips: null, brute_force_protection: true },
  adfs: { thumbprints: [], should_trust_email_verified_connection: 'always_set_emails_as_verified' },
  waad: {
    identity_api: 'microsoft-identity-platform-v2.0',
    useCommonEndpoint: false,
    should_trust_email_verified_connection: 'never_set_emails_as_verified',
    waad_common_endpoint: false,
    use_wsfed: false,
    waad_protocol: 'openid-connect',
  },
  'google-apps': { map_user_id_to_id: false, email: true, profile: true, scope: ['email', 'profile'], handle_login_from_social: true },
  oidc: { schema_version: 'oidc-V4', attribute_map: { mapping_mode: 'bind_all' }, connection_settings: { pkce: 'auto' } },
  okta: { schema_version: 'oidc-V4', type: 'back_channel', attribute_map: { mapping_mode: 'basic_profile' }, connection_settings: { pkce: 'auto' } },
  ...SOCIAL_SCOPES,
};

/** Enterprise strategies: shown as a button (off by default), some with a provisioning ticket. */
const ENTERPRISE = new Set(['ad', 'adfs', 'waad', 'google-apps', 'samlp', 'pingfederate', 'oidc', 'okta']);
const PROVISIONING_TICKET = new Set(['ad', 'adfs', 'waad', 'google-apps', 'samlp', 'pingfederate']);
/** Strategies Auth0 now answers with `authentication` and `connected_accounts` switches. */
const WITH_PURPOSES = new Set(['auth0', 'line', 'oidc', 'okta']);
/** Strategies whose display name defaults to the connection's name. */
const DISPLAY_NAME = new Set(['waad', 'oidc', 'okta']);

/**
 * `options` under the strategy's defaults. Auth0 applies them on create and again when PATCH
 * replaces the options (recorded: a PATCH without `scope` still answers the default scope).
 */
export function withOptionDefaults(strategy: string, given: unknown): JsonRecord {
  const options: JsonRecord = { ...(OPTION_DEFAULTS[strategy] ?? {}), ...(given && typeof given === 'object' ? (given as JsonRecord) : {}) };
  if (strategy === 'auth0') withPasswordOptionDefaults(options);
  return options;
}

/** The connection `body` asks for, with Auth0's defaults for what it leaves out. */
export function withStrategyDefaults(body: JsonRecord, domain: string): JsonRecord {
  const strategy = String(body.strategy);
  const out: JsonRecord = { ...body, options: withOptionDefaults(strategy, body.options) };
  if (ENTERPRISE.has(strategy) && out.show_as_button === undefined) out.show_as_button = false;
  if (DISPLAY_NAME.has(strategy) && out.display_name === undefined) out.display_name = body.name;
  if (PROVISIONING_TICKET.has(strategy)) out.provisioning_ticket_url = `https://${domain}/p/${strategy}/${randomAlnum(8)}`;
  if (WITH_PURPOSES.has(strategy)) {
    if (out.authentication === undefined) out.authentication = { active: true };
    if (out.connected_accounts === undefined) out.connected_accounts = { active: false };
  }
  return out;
}

/** Given password options, Auth0 fills in their rule defaults and the password method's behaviour. */
function withPasswordOptionDefaults(options: JsonRecord): void {
  const given = options.password_options;
  if (!given || typeof given !== 'object') return;
  const passwordOptions = given as JsonRecord;
  const complexity = passwordOptions.complexity;
  if (complexity && typeof complexity === 'object') passwordOptions.complexity = { character_type_rule: 'all', ...(complexity as JsonRecord) };
  const dictionary = passwordOptions.dictionary;
  if (dictionary && typeof dictionary === 'object') passwordOptions.dictionary = { custom: [], ...(dictionary as JsonRecord) };
  const methods = (options.authentication_methods ?? {}) as JsonRecord;
  const password = (methods.password ?? { enabled: true }) as JsonRecord;
  options.authentication_methods = { ...methods, password: { api_behavior: 'required', signup_behavior: 'allow', ...password } };
}
