/**
 * The tenant state: typed collections for the core resources, relations
 * between them, and a generic map of named collections and documents that any
 * routes file can use for its own group (`state.collection('hooks')`,
 * `state.doc('tenant-settings', () => ({…}))`). `reset()` empties everything
 * and seeds the defaults again.
 */
import { Collection, recordCollection, type JsonRecord } from './collection';
import { prefixedId, randomAlnum } from './ids';
import { MANAGEMENT_SCOPES } from './scopes';
import { Relation } from './relation';
import type {
  BlacklistedToken,
  ClientGrantRecord,
  ClientRecord,
  ConnectionRecord,
  EnrollmentRecord,
  InvitationRecord,
  LoginBlock,
  OrganizationConnectionRecord,
  OrganizationRecord,
  Permission,
  ResourceServerRecord,
  RoleRecord,
  UserRecord,
  UserSecrets,
} from './model';

export const DEFAULT_DB_CONNECTION = 'Username-Password-Authentication';

/** Name of the tenant settings document (`GET/PATCH /api/v2/tenants/settings` read and write it). */
export const TENANT_SETTINGS_DOC = 'tenant-settings';

/** Identity of the default applications, kept across resets. */
export interface DefaultClients {
  m2m: { clientId: string; clientSecret: string };
  web: { clientId: string; clientSecret: string };
  spa: { clientId: string };
}

export function makeDefaultClients(clientId?: string, clientSecret?: string, web?: { clientId: string; clientSecret: string }): DefaultClients {
  return {
    m2m: { clientId: clientId ?? randomAlnum(32), clientSecret: clientSecret ?? randomAlnum(64) },
    web: web ? { ...web } : { clientId: randomAlnum(32), clientSecret: randomAlnum(64) },
    spa: { clientId: randomAlnum(32) },
  };
}

/** Authorization code issued by /authorize, consumed by /oauth/token. */
/** What post-login Actions add to the tokens of a login (management/actions/post-login.ts). */
export interface TokenAdditions {
  idClaims: Record<string, unknown>;
  accessClaims: Record<string, unknown>;
  addedScopes: string[];
  removedScopes: string[];
}

export interface AuthCode {
  code: string;
  clientId: string;
  userId: string;
  redirectUri?: string;
  scope: string;
  audience?: string;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: 'S256' | 'plain';
  organization?: string;
  authTime: number;
  expiresAt: number;
  connection: string;
  /** The browser session the login started (tokens from this code carry it). */
  sessionId?: string;
  /** What the login's post-login Actions added, for the tokens of this code. */
  actions: TokenAdditions;
}

/** Refresh token: the grant it belongs to is (user, client, audience). */
export interface RefreshTokenRecord {
  token: string;
  clientId: string;
  userId: string;
  audience?: string;
  scope: string;
  organization?: string;
  authTime: number;
  createdAt: string;
  /** The Management API's id of the token (the token itself is never shown there). */
  id?: string;
  /** The session the token was issued in; none for grants without a browser. */
  sessionId?: string;
  device?: Record<string, string>;
  metadata?: Record<string, unknown> | null;
  lastExchangedAt?: string;
}

/** Passwordless one-time code. */
export interface OtpRecord {
  code: string;
  /** E-mail or phone number (lowercased e-mail). */
  username: string;
  realm: 'email' | 'sms';
  clientId: string;
  expiresAt: number;
  attemptsLeft: number;
}

export class TenantState {
  readonly users = new Collection<UserRecord>('users', (u) => u.user_id)
    .addIndex('email', (u) => u.email?.toLowerCase())
    .addIndex('connection_email', (u) => (u.email ? `${u.identities[0]?.connection}\n${u.email.toLowerCase()}` : undefined))
    .addIndex('connection_username', (u) => (u.username ? `${u.identities[0]?.connection}\n${u.username.toLowerCase()}` : undefined))
    .addIndex('phone', (u) => u.phone_number)
    .addIndex('identity', (u) => u.identities.map((i) => `${i.provider}|${i.user_id}`));
  readonly userSecrets = new Map<string, UserSecrets>();
  /** Direct permissions of users: user_id → permissions. */
  readonly userPermissions = new Map<string, Permission[]>();
  /** user_id ↔ role id. */
  readonly userRoles = new Relation();

  readonly roles = new Collection<RoleRecord>('roles', (r) => r.id).addIndex('name', (r) => r.name.toLowerCase());
  /** role id → permissions. */
  readonly rolePermissions = new Map<string, Permission[]>();

  readonly organizations = new Collection<OrganizationRecord>('organizations', (o) => o.id).addIndex('name', (o) => o.name);
  /** org id ↔ user_id. */
  readonly orgMembers = new Relation();
  /** `${orgId}\n${userId}` ↔ role id. */
  readonly orgMemberRoles = new Relation();
  /** org id → connection id → settings. */
  readonly orgConnections = new Map<string, Map<string, OrganizationConnectionRecord>>();
  readonly invitations = new Collection<InvitationRecord>('invitations', (i) => i.id).addIndex('org', (i) => i.organization_id);

  readonly clients = new Collection<ClientRecord>('clients', (c) => c.client_id);
  readonly connections = new Collection<ConnectionRecord>('connections', (c) => c.id).addIndex('name', (c) => c.name).addIndex('strategy', (c) => c.strategy);
  readonly clientGrants = new Collection<ClientGrantRecord>('client-grants', (g) => g.id)
    .addIndex('client', (g) => g.client_id)
    .addIndex('audience', (g) => g.audience);
  readonly resourceServers = new Collection<ResourceServerRecord>('resource-servers', (r) => r.id).addIndex('identifier', (r) => r.identifier);
  readonly enrollments = new Collection<EnrollmentRecord>('guardian-enrollments', (e) => e.id).addIndex('user', (e) => e.user_id);
  /** Blacklisted token ids: a management token whose `jti` is here is refused. */
  readonly blacklistedTokens = new Collection<BlacklistedToken>('blacklisted-tokens', (t) => t.jti);

  /** user_id → login blocks (from repeated failed logins). */
  readonly loginBlocks = new Map<string, LoginBlock[]>();
  /** `${user_id}\n${ip}` → consecutive failed logins. */
  readonly failedLogins = new Map<string, number>();

  readonly authCodes = new Map<string, AuthCode>();
  readonly refreshTokens = new Map<string, RefreshTokenRecord>();
  readonly otps = new Map<string, OtpRecord>();

  private readonly named = new Map<string, Collection<JsonRecord>>();
  private readonly docs = new Map<string, unknown>();

  constructor(
    readonly domain: string,
    readonly defaults: DefaultClients,
  ) {}

  get managementAudience(): string {
    return `https://${this.domain}/api/v2/`;
  }

  /**
   * A named collection of JSON records for a group without a typed store
   * (created on first use, emptied by reset). `idField` names the id property.
   */
  collection(name: string, idField = 'id'): Collection<JsonRecord> {
    let found = this.named.get(name);
    if (!found) this.named.set(name, (found = recordCollection(name, idField)));
    return found;
  }

  /** A named singleton document (tenant settings, e-mail provider, …), created by `init` on first use. */
  doc<T>(name: string, init: () => T): T {
    if (!this.docs.has(name)) this.docs.set(name, init());
    return this.docs.get(name) as T;
  }

  setDoc<T>(name: string, value: T): void {
    this.docs.set(name, value);
  }

  hasDoc(name: string): boolean {
    return this.docs.has(name);
  }

  deleteDoc(name: string): boolean {
    return this.docs.delete(name);
  }

  /**
   * The tenant settings document (shared by the tenants routes and the
   * authentication routes, which read `default_directory`, `default_audience`
   * and `allowed_logout_urls`).
   */
  tenantSettings(): Record<string, unknown> {
    return this.doc<Record<string, unknown>>(TENANT_SETTINGS_DOC, () => ({
      friendly_name: 'Auth0 Emulator',
      picture_url: '',
      support_email: '',
      support_url: '',
      default_directory: '',
      default_audience: '',
      allowed_logout_urls: [],
      session_lifetime: 168,
      idle_session_lifetime: 72,
      sandbox_version: '18',
      sandbox_versions_available: ['18', '16', '12'],
      enabled_locales: ['en'],
      // What a tenant that never changed them answers (the recordings of 2025: the newest tenants
      // answer these keys unset by their tests); the lifetimes, where no recording of an untouched
      // tenant shows them, are the description's defaults.
      ephemeral_session_lifetime: 72,
      idle_ephemeral_session_lifetime: 24,
      change_password: { enabled: false },
      guardian_mfa_page: { enabled: false },
      oidc_logout: { rp_logout_end_session_endpoint_discovery: true },
      universal_login: {},
      customize_mfa_in_postlogin_action: false,
      pushed_authorization_requests_supported: false,
      resource_parameter_profile: 'audience',
      client_id_metadata_document_supported: false,
      phone_consolidated_experience: false,
      // A new tenant's flags as Auth0 answers them (recorded 2023–2025).
      flags: {
        allow_changing_enable_sso: false,
        cannot_change_enforce_client_authentication_on_passwordless_start: true,
        disable_impersonation: true,
        enable_sso: true,
        enforce_client_authentication_on_passwordless_start: true,
        new_universal_login_experience_enabled: true,
        universal_login: true,
        // Legacy grants (resource owner, delegation, other) are off on tenants created since 2017;
        // Auth0 answers the three flags (recorded true on an older tenant).
        allow_legacy_delegation_grant_types: false,
        allow_legacy_ro_grant_types: false,
        allow_other_legacy_grant_types: false,
        revoke_refresh_token_grant: false,
        mfa_show_factor_list_on_enrollment: false,
        remove_alg_from_jwks: true,
        disable_clickjack_protection_headers: false,
      },
    }));
  }

  connectionByName(name: string): ConnectionRecord | undefined {
    return this.connections.firstBy('name', name);
  }

  resourceServerByIdentifier(identifier: string): ResourceServerRecord | undefined {
    return this.resourceServers.firstBy('identifier', identifier);
  }

  /** Scopes granted to `clientId` for `audience` by a client grant (undefined: no grant). */
  grantedScopes(clientId: string, audience: string): string[] | undefined {
    for (const grant of this.clientGrants.findBy('client', clientId)) {
      if (grant.audience === audience) return grant.scope;
    }
    return undefined;
  }

  /** Empties everything and seeds the defaults. */
  reset(): void {
    for (const c of [
      this.users,
      this.roles,
      this.organizations,
      this.invitations,
      this.clients,
      this.connections,
      this.clientGrants,
      this.resourceServers,
      this.enrollments,
      this.blacklistedTokens,
    ]) {
      (c as Collection<object>).clear();
    }
    for (const m of [
      this.userSecrets,
      this.userPermissions,
      this.rolePermissions,
      this.orgConnections,
      this.loginBlocks,
      this.failedLogins,
      this.authCodes,
      this.refreshTokens,
      this.otps,
    ]) {
      (m as Map<string, unknown>).clear();
    }
    this.userRoles.clear();
    this.orgMembers.clear();
    this.orgMemberRoles.clear();
    for (const c of this.named.values()) c.clear();
    this.docs.clear();
    this.seedDefaults();
  }

  /** The default tenant: management API, M2M client (all scopes), web app, SPA, database + passwordless connections. */
  private seedDefaults(): void {
    const { m2m, web, spa } = this.defaults;
    this.resourceServers.insert({
      id: randomAlnum(24).toLowerCase(),
      name: 'Auth0 Management API',
      identifier: this.managementAudience,
      scopes: MANAGEMENT_SCOPES.map((value) => ({ value, description: value })),
      signing_alg: 'RS256',
      token_lifetime: 86400,
      allow_offline_access: false,
      is_system: true,
    });
    this.clients.insert({
      client_id: m2m.clientId,
      client_secret: m2m.clientSecret,
      name: 'Emulator Management Client',
      app_type: 'non_interactive',
      is_first_party: true,
      grant_types: ['client_credentials'],
      token_endpoint_auth_method: 'client_secret_post',
      callbacks: [],
      allowed_logout_urls: [],
    });
    this.clientGrants.insert({
      id: prefixedId('cgr'),
      client_id: m2m.clientId,
      audience: this.managementAudience,
      scope: [...MANAGEMENT_SCOPES],
    });
    const interactiveGrants = [
      'authorization_code',
      'implicit',
      'refresh_token',
      'password',
      'http://auth0.com/oauth/grant-type/password-realm',
      'http://auth0.com/oauth/grant-type/passwordless/otp',
    ];
    const localUrls = ['http://localhost:*', 'http://127.0.0.1:*'];
    this.clients.insert({
      client_id: web.clientId,
      client_secret: web.clientSecret,
      name: 'Emulator Web App',
      app_type: 'regular_web',
      is_first_party: true,
      grant_types: interactiveGrants,
      token_endpoint_auth_method: 'client_secret_post',
      callbacks: localUrls,
      allowed_logout_urls: localUrls,
      web_origins: localUrls,
    });
    this.clients.insert({
      client_id: spa.clientId,
      name: 'Emulator SPA',
      app_type: 'spa',
      is_first_party: true,
      grant_types: ['authorization_code', 'implicit', 'refresh_token', 'http://auth0.com/oauth/grant-type/passwordless/otp'],
      token_endpoint_auth_method: 'none',
      callbacks: localUrls,
      allowed_logout_urls: localUrls,
      web_origins: localUrls,
    });
    const enabled = [m2m.clientId, web.clientId, spa.clientId];
    this.connections.insert({
      id: prefixedId('con'),
      name: DEFAULT_DB_CONNECTION,
      display_name: DEFAULT_DB_CONNECTION,
      strategy: 'auth0',
      // A new tenant's database connection as Auth0 answers it (recorded): the password policy
      // `good` and its detailed settings, all but the length rule off.
      options: {
        mfa: { active: true, return_enroll_settings: true },
        import_mode: false,
        configuration: {},
        customScripts: {},
        passwordPolicy: 'good',
        password_history: { size: 5, enable: false },
        strategy_version: 2,
        requires_username: false,
        password_dictionary: { enable: false, dictionary: [] },
        brute_force_protection: true,
        password_no_personal_info: { enable: false },
        password_complexity_options: { min_length: 8 },
        enabledDatabaseCustomization: false,
        disable_signup: false,
      },
      enabled_clients: enabled,
      realms: [DEFAULT_DB_CONNECTION],
      is_domain_connection: false,
    });
    this.connections.insert({
      id: prefixedId('con'),
      name: 'email',
      strategy: 'email',
      options: { disable_signup: false, brute_force_protection: true },
      enabled_clients: enabled,
      realms: ['email'],
      is_domain_connection: false,
    });
    this.connections.insert({
      id: prefixedId('con'),
      name: 'sms',
      strategy: 'sms',
      options: { disable_signup: false, brute_force_protection: true },
      enabled_clients: enabled,
      realms: ['sms'],
      is_domain_connection: false,
    });
  }
}
