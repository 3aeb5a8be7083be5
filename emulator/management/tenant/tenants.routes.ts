/**
 * Tenant settings: `GET|PATCH /api/v2/tenants/settings`. The document is the core's
 * `state.tenantSettings()`, which the authentication routes also read (default directory,
 * default audience, allowed logout URLs). Object-valued settings (`flags`, `session_cookie`, …)
 * are merged on PATCH; other values replace.
 */
import { fieldsProjection } from '../../core/paging';
import type { RoutesModule } from '../../core/types';
import { bodyObject, checkBody, clone, type BodySpec, type JsonType } from '../group-helpers';

const TYPES: Record<string, JsonType | readonly JsonType[]> = {
  change_password: ['object', 'null'],
  device_flow: ['object', 'null'],
  guardian_mfa_page: ['object', 'null'],
  default_audience: 'string',
  default_directory: 'string',
  error_page: ['object', 'null'],
  default_token_quota: ['object', 'null'],
  flags: 'object',
  friendly_name: 'string',
  picture_url: 'string',
  support_email: 'string',
  support_url: 'string',
  allowed_logout_urls: 'array',
  session_lifetime: 'number',
  session_lifetime_in_minutes: 'integer',
  idle_session_lifetime: 'number',
  idle_session_lifetime_in_minutes: 'integer',
  ephemeral_session_lifetime: 'number',
  idle_ephemeral_session_lifetime: 'number',
  ephemeral_session_lifetime_in_minutes: 'integer',
  idle_ephemeral_session_lifetime_in_minutes: 'integer',
  sandbox_version: 'string',
  legacy_sandbox_version: 'string',
  default_redirection_uri: 'string',
  enabled_locales: 'array',
  security_headers: ['object', 'null'],
  session_cookie: ['object', 'null'],
  sessions: ['object', 'null'],
  oidc_logout: 'object',
  customize_mfa_in_postlogin_action: ['boolean', 'null'],
  allow_organization_name_in_authentication_api: ['boolean', 'null'],
  acr_values_supported: ['array', 'null'],
  mtls: ['object', 'null'],
  pushed_authorization_requests_supported: ['boolean', 'null'],
  authorization_response_iss_parameter_supported: ['boolean', 'null'],
  skip_non_verifiable_callback_uri_confirmation_prompt: ['boolean', 'null'],
  resource_parameter_profile: 'string',
  client_id_metadata_document_supported: 'boolean',
  enable_ai_guide: 'boolean',
  phone_consolidated_experience: 'boolean',
  include_session_metadata_in_tenant_logs: 'boolean',
  dynamic_client_registration_security_mode: 'string',
  country_codes: ['object', 'null'],
};

const SPEC: BodySpec = { types: TYPES, enums: { resource_parameter_profile: ['audience', 'compatibility'] } };

/** Settings whose object value is merged key by key rather than replaced. */
const MERGED = new Set([
  'flags',
  'change_password',
  'device_flow',
  'guardian_mfa_page',
  'error_page',
  'session_cookie',
  'sessions',
  'oidc_logout',
  'security_headers',
  'mtls',
]);

export const registerTenantsRoutes: RoutesModule = (routes, tenant) => {
  routes.management('GET', '/api/v2/tenants/settings', 'read:tenant_settings', (ctx) => fieldsProjection(ctx.query)(clone(tenant.state.tenantSettings())));

  routes.management(
    'PATCH',
    '/api/v2/tenants/settings',
    'update:tenant_settings',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), SPEC);
      const settings = tenant.state.tenantSettings();
      for (const [key, value] of Object.entries(clone(body))) {
        const current = settings[key];
        if (value === null) delete settings[key];
        else if (MERGED.has(key) && current && typeof current === 'object' && !Array.isArray(current)) {
          settings[key] = { ...current, ...(value as object) };
        } else settings[key] = value;
      }
      return clone(settings);
    },
    { description: 'Update tenant settings' },
  );
};
