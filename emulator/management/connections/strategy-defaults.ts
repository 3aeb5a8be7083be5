/**
 * What Auth0 adds to a new connection: the creation defaults of its strategy, derived by rule from
 * Auth0's recorded answers (../creation-defaults.ts), and what it makes of the request itself (a
 * display name, a provisioning ticket URL, the password method's behaviour for given password
 * options). What Auth0 derives from the internet (an OIDC issuer's discovery document, a SAML
 * certificate's subject and thumbprints) is not made up here.
 */
import type { JsonRecord } from '../../core/collection';
import { randomAlnum } from '../../core/ids';
import { withCreationDefaults } from '../creation-defaults';

const CONNECTIONS = '/api/v2/connections';

/** Enterprise strategies whose new connections get a provisioning ticket (its URL holds the tenant's domain). */
const PROVISIONING_TICKET = new Set(['ad', 'adfs', 'waad', 'google-apps', 'samlp', 'pingfederate']);
/** Strategies whose display name defaults to the connection's name. */
const DISPLAY_NAME = new Set(['waad', 'oidc', 'okta']);

/**
 * `options` as Auth0 answers a PATCH that replaces them: the strategy's option defaults (the
 * derived creation defaults under `options`) where the new options say nothing (recorded: a PATCH
 * without `scope` still answers the default scope). A PATCH without `options` adds nothing.
 */
export function withOptionDefaults(strategy: string, given: unknown): JsonRecord {
  const options: JsonRecord = given && typeof given === 'object' ? { ...(given as JsonRecord) } : {};
  const filled = withCreationDefaults(CONNECTIONS, { options }, strategy).options;
  if (strategy === 'auth0') withPasswordOptionDefaults(filled);
  return filled;
}

/**
 * The connection `body` asks for, with what Auth0 fills in: the derived creation defaults of its
 * strategy, and what it makes of the request itself (a display name, a provisioning ticket).
 */
export function withStrategyDefaults(body: JsonRecord, domain: string): JsonRecord {
  const strategy = String(body.strategy);
  const out: JsonRecord = { ...body, options: withOptionDefaults(strategy, body.options) };
  withCreationDefaults(CONNECTIONS, out, strategy);
  if (DISPLAY_NAME.has(strategy) && out.display_name === undefined) out.display_name = body.name;
  if (PROVISIONING_TICKET.has(strategy)) out.provisioning_ticket_url = `https://${domain}/p/${strategy}/${randomAlnum(8)}`;
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
