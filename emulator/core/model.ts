/** Record types of the tenant state's typed collections. */

export interface Identity {
  connection: string;
  provider: string;
  user_id: string;
  isSocial: boolean;
  profileData?: Record<string, unknown>;
  [extra: string]: unknown;
}

/** A user as the Management API returns it (internal secrets live in `UserSecrets`). */
export interface UserRecord {
  user_id: string;
  email?: string;
  email_verified?: boolean;
  username?: string;
  phone_number?: string;
  phone_verified?: boolean;
  name?: string;
  nickname?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  created_at: string;
  updated_at: string;
  identities: Identity[];
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  blocked?: boolean;
  last_login?: string;
  last_ip?: string;
  logins_count?: number;
  multifactor?: string[];
  [extra: string]: unknown;
}

/** What the API never returns about a user. */
export interface UserSecrets {
  /** `salt$sha256hex` of the password (cheap on purpose: this is an emulator). */
  passwordHash?: string;
  recoveryCode?: string;
  /** Epoch ms of the last "invalidate remembered browsers". */
  browsersInvalidatedAt?: number;
}

export interface Permission {
  resource_server_identifier: string;
  permission_name: string;
  resource_server_name?: string;
  description?: string;
}

export interface RoleRecord {
  id: string;
  name: string;
  description?: string;
  [extra: string]: unknown;
}

export interface OrganizationRecord {
  id: string;
  name: string;
  display_name?: string;
  branding?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  [extra: string]: unknown;
}

export interface OrganizationConnectionRecord {
  connection_id: string;
  assign_membership_on_login: boolean;
  show_as_button?: boolean;
  is_signup_enabled?: boolean;
}

export interface InvitationRecord {
  id: string;
  organization_id: string;
  inviter: { name: string };
  invitee: { email: string };
  invitation_url: string;
  created_at: string;
  expires_at: string;
  client_id: string;
  connection_id?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  roles?: string[];
  ticket_id: string;
  [extra: string]: unknown;
}

export type AppType = 'non_interactive' | 'spa' | 'regular_web' | 'native';

export interface ClientRecord {
  client_id: string;
  client_secret?: string;
  name: string;
  app_type?: AppType;
  is_first_party?: boolean;
  grant_types?: string[];
  callbacks?: string[];
  allowed_logout_urls?: string[];
  web_origins?: string[];
  allowed_origins?: string[];
  token_endpoint_auth_method?: 'none' | 'client_secret_post' | 'client_secret_basic';
  global?: boolean;
  [extra: string]: unknown;
}

export interface ConnectionRecord {
  id: string;
  name: string;
  strategy: string;
  display_name?: string;
  options?: Record<string, unknown>;
  enabled_clients?: string[];
  realms?: string[];
  is_domain_connection?: boolean;
  metadata?: Record<string, unknown>;
  [extra: string]: unknown;
}

export interface ClientGrantRecord {
  id: string;
  client_id: string;
  audience: string;
  scope: string[];
  [extra: string]: unknown;
}

export interface ResourceServerScope {
  value: string;
  description?: string;
}

export interface ResourceServerRecord {
  id: string;
  name: string;
  identifier: string;
  scopes?: ResourceServerScope[];
  signing_alg?: string;
  token_lifetime?: number;
  allow_offline_access?: boolean;
  skip_consent_for_verifiable_first_party_clients?: boolean;
  is_system?: boolean;
  [extra: string]: unknown;
}

/** A guardian (MFA) enrollment of a user. */
export interface EnrollmentRecord {
  id: string;
  user_id: string;
  status: 'pending' | 'confirmed';
  type: string;
  name?: string;
  identifier?: string;
  phone_number?: string;
  auth_method?: string;
  enrolled_at?: string;
  last_auth?: string;
  [extra: string]: unknown;
}

/** A login block after repeated failures (user blocks API). */
export interface LoginBlock {
  identifier: string;
  ip: string;
  connection?: string;
  blocked_at: string;
}

/** A blacklisted token (`POST /api/v2/blacklists/tokens`). */
export interface BlacklistedToken {
  jti: string;
  aud?: string;
}
