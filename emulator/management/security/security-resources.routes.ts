/**
 * The security groups that are plain data: attack protection, risk assessments and supplemental
 * signals (settings documents), network ACLs and rate limit policies (collections), and the
 * anomaly IP blocks (a collection the attack protection would fill; tests seed it).
 */
import { createHash, randomUUID } from 'node:crypto';
import { notFound } from '../../core/errors';
import type { RoutesModule } from '../../core/types';
import { tenantName } from '../group-helpers';
import { registerResources, registerSettings, type SettingsSpec } from '../resources';

const AP_READ = 'read:attack_protection';
const AP_UPDATE = 'update:attack_protection';

/** Auth0's defaults for a new tenant, and the properties each document takes. */
const ATTACK_PROTECTION: readonly SettingsSpec[] = [
  {
    name: 'attack-protection:breached-password-detection',
    path: '/api/v2/attack-protection/breached-password-detection',
    defaults: {
      enabled: false,
      shields: [],
      admin_notification_frequency: [],
      method: 'standard',
      stage: { 'pre-user-registration': { shields: [] }, 'pre-change-password': { shields: [] } },
    },
    read: AP_READ,
    update: AP_UPDATE,
    body: {
      types: { enabled: 'boolean', shields: 'array', admin_notification_frequency: 'array', method: 'string', stage: 'object' },
      enums: { method: ['standard', 'enhanced'] },
    },
    mergedObjects: ['stage'],
  },
  {
    name: 'attack-protection:brute-force-protection',
    path: '/api/v2/attack-protection/brute-force-protection',
    defaults: { enabled: true, shields: ['block', 'user_notification'], mode: 'count_per_identifier_and_ip', allowlist: [], max_attempts: 10 },
    read: AP_READ,
    update: AP_UPDATE,
    body: {
      types: { enabled: 'boolean', shields: 'array', allowlist: 'array', mode: 'string', max_attempts: 'integer' },
      enums: { mode: ['count_per_identifier_and_ip', 'count_per_identifier'] },
    },
  },
  {
    name: 'attack-protection:suspicious-ip-throttling',
    path: '/api/v2/attack-protection/suspicious-ip-throttling',
    defaults: {
      enabled: true,
      shields: ['admin_notification', 'block'],
      allowlist: [],
      // The custom token exchange stage as Auth0 answers it by default (recorded 2025).
      stage: {
        'pre-login': { max_attempts: 100, rate: 864000 },
        'pre-user-registration': { max_attempts: 50, rate: 1200 },
        'pre-custom-token-exchange': { max_attempts: 10, rate: 600000 },
      },
    },
    read: AP_READ,
    update: AP_UPDATE,
    body: { types: { enabled: 'boolean', shields: 'array', allowlist: 'array', stage: 'object' } },
    // A PATCH of two stages keeps the third (recorded: pre-custom-token-exchange stays).
    mergedObjects: ['stage'],
  },
  {
    name: 'attack-protection:bot-detection',
    path: '/api/v2/attack-protection/bot-detection',
    defaults: {
      bot_detection_level: 'medium',
      challenge_password_policy: 'never',
      challenge_passwordless_policy: 'never',
      challenge_password_reset_policy: 'never',
      allowlist: [],
      monitoring_mode_enabled: false,
    },
    read: AP_READ,
    update: AP_UPDATE,
    body: {
      types: {
        bot_detection_level: 'string',
        challenge_password_policy: 'string',
        challenge_passwordless_policy: 'string',
        challenge_password_reset_policy: 'string',
        allowlist: 'array',
        monitoring_mode_enabled: 'boolean',
      },
      enums: {
        bot_detection_level: ['low', 'medium', 'high'],
        challenge_password_policy: ['never', 'when_risky', 'always'],
        challenge_passwordless_policy: ['never', 'when_risky', 'always'],
        challenge_password_reset_policy: ['never', 'when_risky', 'always'],
      },
    },
  },
  {
    name: 'attack-protection:captcha',
    path: '/api/v2/attack-protection/captcha',
    defaults: { active_provider_id: 'auth_challenge', auth_challenge: { fail_open: false } },
    read: AP_READ,
    update: AP_UPDATE,
    body: {
      types: {
        active_provider_id: 'string',
        arkose: 'object',
        auth_challenge: 'object',
        hcaptcha: 'object',
        friendly_captcha: 'object',
        recaptcha_enterprise: 'object',
        recaptcha_v2: 'object',
        simple_captcha: 'object',
      },
      enums: { active_provider_id: ['arkose', 'auth_challenge', 'friendly_captcha', 'hcaptcha', 'recaptcha_v2', 'recaptcha_enterprise', 'simple_captcha'] },
    },
  },
  {
    name: 'attack-protection:phone-provider-protection',
    path: '/api/v2/attack-protection/phone-provider-protection',
    defaults: { type: 'none' },
    read: AP_READ,
    update: AP_UPDATE,
    body: { types: { type: 'string' }, required: ['type'], enums: { type: ['exponential', 'none'] } },
  },
];

const SIGNALS: readonly SettingsSpec[] = [
  {
    name: 'risk-assessments:settings',
    path: '/api/v2/risk-assessments/settings',
    defaults: { enabled: false },
    read: AP_READ,
    update: AP_UPDATE,
    body: { types: { enabled: 'boolean' }, required: ['enabled'] },
  },
  {
    name: 'risk-assessments:new-device',
    path: '/api/v2/risk-assessments/settings/new-device',
    defaults: { remember_for: 30 },
    read: AP_READ,
    update: AP_UPDATE,
    body: { types: { remember_for: 'integer' }, required: ['remember_for'] },
  },
  {
    name: 'supplemental-signals',
    path: '/api/v2/supplemental-signals',
    defaults: { akamai_enabled: false },
    read: AP_READ,
    update: AP_UPDATE,
    body: { types: { akamai_enabled: 'boolean' }, required: ['akamai_enabled'] },
  },
];

/** The collection of IP addresses attack protection has blocked, keyed by the address. */
export const ANOMALY_IP_BLOCKS = 'anomaly-ip-blocks';

export const registerSecurityResourcesRoutes: RoutesModule = (routes, tenant) => {
  registerSettings(routes, tenant, [...ATTACK_PROTECTION, ...SIGNALS]);

  registerResources(routes, tenant, [
    {
      name: 'network-acls',
      path: '/api/v2/network-acls',
      idPrefix: 'acl',
      scopes: {
        list: 'read:network_acls',
        create: 'create:network_acls',
        get: 'read:network_acls',
        update: 'update:network_acls',
        replace: 'update:network_acls',
        delete: 'delete:network_acls',
      },
      list: { shape: 'offset', itemsKey: 'network_acls' },
      create: { types: { description: 'string', active: 'boolean', priority: 'number', rule: 'object' }, required: ['description', 'active', 'rule'] },
      update: { types: { description: 'string', active: 'boolean', priority: 'number', rule: 'object' } },
      notFound: { message: 'NetworkACL with this ID was not found', errorCode: 'inexistent_network_acl' },
      timestamps: true,
      // As Auth0 answers (recorded 2025): UUID ids, the tenant and an empty deletion time on each
      // ACL, and a delete answered 200 with a body.
      newId: randomUUID,
      derive: (item) => Object.assign(item, { tenant_id: tenantName(tenant), deleted_at: null }),
      deletedAnswer: { status: 200, body: { code: 204, object: '' } },
    },
    {
      name: 'rate-limit-policies',
      path: '/api/v2/rate-limit-policies',
      idPrefix: 'rlp',
      scopes: {
        list: 'read:rate_limit_policies',
        create: 'create:rate_limit_policies',
        get: 'read:rate_limit_policies',
        update: 'update:rate_limit_policies',
        delete: 'delete:rate_limit_policies',
      },
      list: { shape: 'checkpoint', itemsKey: 'rate_limit_policies' },
      filters: ['resource', 'consumer', 'consumer_selector'],
      create: {
        types: { resource: 'string', consumer: 'string', consumer_selector: 'string', configuration: 'object' },
        required: ['resource', 'consumer', 'consumer_selector', 'configuration'],
        enums: { resource: ['oauth_authentication_api'], consumer: ['client'] },
      },
      update: { types: { configuration: 'object' }, required: ['configuration'] },
      unique: 'consumer_selector',
      notFound: { message: 'Rate limit policy not found', errorCode: 'inexistent_rate_limit_policy' },
      timestamps: true,
    },
    {
      // The key value is a shared secret: stored, never returned; its fingerprint is.
      name: 'network-acl-keys',
      path: '/api/v2/keys/network-acls',
      idPrefix: 'nak',
      scopes: { list: 'read:network_acl_keys', create: 'create:network_acl_keys', get: 'read:network_acl_keys', delete: 'delete:network_acl_keys' },
      list: { shape: 'wrapped', itemsKey: 'keys' },
      create: { types: { name: 'string', alg: 'string', value: 'string' }, required: ['name', 'alg', 'value'], enums: { alg: ['hmac-sha256'] } },
      derive: (item) => {
        item.fingerprint = createHash('sha256').update(String(item.value)).digest('hex');
      },
      writeOnly: ['value'],
      unique: 'name',
      notFound: { message: 'Network ACL key not found', errorCode: 'inexistent_network_acl_key' },
      timestamps: true,
    },
  ]);

  // ---- anomaly: blocked IP addresses ----
  const blocks = () => tenant.state.collection(ANOMALY_IP_BLOCKS, 'ip');
  routes.management('GET', '/api/v2/anomaly/blocks/ips/:id', 'read:anomaly_blocks', (ctx) => {
    // Auth0 answers 200 with no body for a blocked address and 404 for one that is not blocked.
    if (!blocks().has(ctx.params.id)) throw notFound('IP address is not blocked', 'inexistent_ip_block');
    return undefined;
  });
  routes.management(
    'DELETE',
    '/api/v2/anomaly/blocks/ips/:id',
    'delete:anomaly_blocks',
    (ctx) => {
      blocks().delete(ctx.params.id);
      ctx.status = 204;
      return undefined;
    },
    { description: 'Unblock an IP address' },
  );
};
