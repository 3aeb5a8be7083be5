/**
 * Request cases for the groups added by issue 15 on the security and branding side (attack
 * protection, anomaly, risk assessments, supplemental signals, rate limit policies, network ACLs,
 * keys, branding) and the operations it adds to prompts, e-mail templates, custom domains and
 * guardian. Each expected request is written from Auth0's Management API reference
 * (method, path, query names, body) or auth0-python 4.13 where it has the method.
 */
import type { GroupSpec } from '../../nodes/shared/catalogue';
import { brandingGroup } from '../../nodes/branding/branding.catalogue';
import { customDomainsGroup } from '../../nodes/connections/custom-domains.catalogue';
import { anomalyGroup } from '../../nodes/security/anomaly.catalogue';
import { attackProtectionGroup } from '../../nodes/security/attack-protection.catalogue';
import { guardianGroup } from '../../nodes/security/guardian.catalogue';
import { keysGroup } from '../../nodes/security/keys.catalogue';
import { networkAclsGroup } from '../../nodes/security/network-acls.catalogue';
import { rateLimitPoliciesGroup } from '../../nodes/security/rate-limit-policies.catalogue';
import { riskAssessmentsGroup } from '../../nodes/security/risk-assessments.catalogue';
import { supplementalSignalsGroup } from '../../nodes/security/supplemental-signals.catalogue';
import { emailTemplatesGroup } from '../../nodes/tenant/email-templates.catalogue';
import { promptsGroup } from '../../nodes/tenant/prompts.catalogue';
import type { ExpectedRequest, RequestCase } from './cases';

/** The new groups (the extended ones are already in cases.ts's GROUPS). */
export const SECURITY_BRANDING_GROUPS: readonly GroupSpec[] = [
  anomalyGroup, attackProtectionGroup, brandingGroup, keysGroup, networkAclsGroup, rateLimitPoliciesGroup,
  riskAssessmentsGroup, supplementalSignalsGroup,
];

/** An id with characters that must be encoded, and its encoding. */
const ODD = 'a/b?c#d %';
const E = 'a%2Fb%3Fc%23d%20%25';
const REF = 'Auth0 Management API reference';
const PY = 'auth0-python 4.13';

function c(group: GroupSpec, op: string, values: Record<string, unknown>, expect: ExpectedRequest, source = REF): RequestCase {
  return { group, op, values, expect, source };
}

const AP = '/api/v2/attack-protection';
const attackProtection: RequestCase[] = [
  ['breached_password_detection', 'breached-password-detection', { enabled: true, shields: ['block'] }],
  ['brute_force_protection', 'brute-force-protection', { max_attempts: 5 }],
  ['suspicious_ip_throttling', 'suspicious-ip-throttling', { allowlist: ['10.0.0.1'] }],
  ['bot_detection', 'bot-detection', { bot_detection_level: 'high' }],
  ['captcha', 'captcha', { active_provider_id: 'hcaptcha', hcaptcha: { site_key: 'k', secret: 's' } }],
  ['phone_provider_protection', 'phone-provider-protection', { type: 'exponential' }],
].flatMap(([id, segment, body]) => [
  c(attackProtectionGroup, `get_${id as string}`, {}, { method: 'GET', path: `${AP}/${segment as string}` }, `${PY} attack_protection.py / ${REF}`),
  c(attackProtectionGroup, `update_${id as string}`, { body }, { method: 'PATCH', path: `${AP}/${segment as string}`, body }, `${PY} attack_protection.py / ${REF}`),
]);

const BR = '/api/v2/branding';
const THEME = { borders: { button_border_radius: 4 }, colors: { primary_button: '#0059d6' }, fonts: { font_url: '' }, page_background: { background_color: '#fff' }, widget: { logo_position: 'center' } };
const branding: RequestCase[] = [
  c(brandingGroup, 'get', {}, { method: 'GET', path: BR }, `${PY} branding.py`),
  c(brandingGroup, 'update', { body: { logo_url: 'https://x.example/logo.png' } }, { method: 'PATCH', path: BR, body: { logo_url: 'https://x.example/logo.png' } }, `${PY} branding.py`),
  c(brandingGroup, 'get_template_universal_login', {}, { method: 'GET', path: `${BR}/templates/universal-login` }, `${PY} branding.py`),
  c(brandingGroup, 'update_template_universal_login', { body: '<html>{%- auth0:head -%}{%- auth0:widget -%}</html>' },
    { method: 'PUT', path: `${BR}/templates/universal-login`, body: { template: '<html>{%- auth0:head -%}{%- auth0:widget -%}</html>' } }, `${PY} branding.py (wraps the text as { template })`),
  c(brandingGroup, 'delete_template_universal_login', {}, { method: 'DELETE', path: `${BR}/templates/universal-login` }, `${PY} branding.py`),
  c(brandingGroup, 'create_branding_theme', { body: THEME }, { method: 'POST', path: `${BR}/themes`, body: THEME }, `${PY} branding.py`),
  c(brandingGroup, 'get_default_branding_theme', {}, { method: 'GET', path: `${BR}/themes/default` }, `${PY} branding.py`),
  c(brandingGroup, 'get_branding_theme', { theme_id: ODD }, { method: 'GET', path: `${BR}/themes/${E}` }, `${PY} branding.py`),
  c(brandingGroup, 'update_branding_theme', { theme_id: ODD, body: THEME }, { method: 'PATCH', path: `${BR}/themes/${E}`, body: THEME }, `${PY} branding.py`),
  c(brandingGroup, 'delete_branding_theme', { theme_id: ODD }, { method: 'DELETE', path: `${BR}/themes/${E}` }, `${PY} branding.py`),
  c(brandingGroup, 'all_phone_providers', {}, { method: 'GET', path: `${BR}/phone/providers` }),
  c(brandingGroup, 'all_phone_providers', { disabled: 'false' }, { method: 'GET', path: `${BR}/phone/providers`, query: { disabled: 'false' } }),
  c(brandingGroup, 'create_phone_provider', { body: { name: 'twilio', credentials: { auth_token: 't' } } },
    { method: 'POST', path: `${BR}/phone/providers`, body: { name: 'twilio', credentials: { auth_token: 't' } } }),
  c(brandingGroup, 'get_phone_provider', { id: ODD }, { method: 'GET', path: `${BR}/phone/providers/${E}` }),
  c(brandingGroup, 'update_phone_provider', { id: ODD, body: { disabled: true } }, { method: 'PATCH', path: `${BR}/phone/providers/${E}`, body: { disabled: true } }),
  c(brandingGroup, 'delete_phone_provider', { id: ODD }, { method: 'DELETE', path: `${BR}/phone/providers/${E}` }),
  c(brandingGroup, 'try_phone_provider', { id: ODD, body: { to: '+15550100', delivery_method: 'text' } },
    { method: 'POST', path: `${BR}/phone/providers/${E}/try`, body: { to: '+15550100', delivery_method: 'text' } }),
  c(brandingGroup, 'all_phone_templates', { disabled: true }, { method: 'GET', path: `${BR}/phone/templates`, query: { disabled: 'true' } }),
  c(brandingGroup, 'create_phone_template', { body: { type: 'otp_verify' } }, { method: 'POST', path: `${BR}/phone/templates`, body: { type: 'otp_verify' } }),
  c(brandingGroup, 'get_phone_template', { id: ODD }, { method: 'GET', path: `${BR}/phone/templates/${E}` }),
  c(brandingGroup, 'update_phone_template', { id: ODD, body: { disabled: true } }, { method: 'PATCH', path: `${BR}/phone/templates/${E}`, body: { disabled: true } }),
  c(brandingGroup, 'reset_phone_template', { id: ODD }, { method: 'PATCH', path: `${BR}/phone/templates/${E}/reset`, body: {} }),
  c(brandingGroup, 'delete_phone_template', { id: ODD }, { method: 'DELETE', path: `${BR}/phone/templates/${E}` }),
  c(brandingGroup, 'try_phone_template', { id: ODD, body: { to: '+15550100' } }, { method: 'POST', path: `${BR}/phone/templates/${E}/try`, body: { to: '+15550100' } }),
];

const K = '/api/v2/keys';
const JWKS = { keys: [{ kty: 'RSA', kid: 'k1', use: 'sig', n: 'abc', e: 'AQAB' }] };
const keys: RequestCase[] = [
  c(keysGroup, 'all_signing_keys', {}, { method: 'GET', path: `${K}/signing` }),
  c(keysGroup, 'get_signing_key', { kid: ODD }, { method: 'GET', path: `${K}/signing/${E}` }),
  c(keysGroup, 'rotate_signing_key', {}, { method: 'POST', path: `${K}/signing/rotate` }),
  c(keysGroup, 'revoke_signing_key', { kid: ODD }, { method: 'PUT', path: `${K}/signing/${E}/revoke` }),
  c(keysGroup, 'get_custom_signing_keys', {}, { method: 'GET', path: `${K}/custom-signing` }),
  c(keysGroup, 'set_custom_signing_keys', { body: JWKS }, { method: 'PUT', path: `${K}/custom-signing`, body: JWKS }),
  c(keysGroup, 'delete_custom_signing_keys', {}, { method: 'DELETE', path: `${K}/custom-signing` }),
  c(keysGroup, 'all_encryption_keys', {}, { method: 'GET', path: `${K}/encryption` }),
  c(keysGroup, 'all_encryption_keys', { page: 1, per_page: 10, include_totals: true }, { method: 'GET', path: `${K}/encryption`, query: { page: '1', per_page: '10', include_totals: 'true' } }),
  c(keysGroup, 'create_encryption_key', { body: { type: 'customer-provided-root-key' } }, { method: 'POST', path: `${K}/encryption`, body: { type: 'customer-provided-root-key' } }),
  c(keysGroup, 'get_encryption_key', { kid: ODD }, { method: 'GET', path: `${K}/encryption/${E}` }),
  c(keysGroup, 'import_encryption_key', { kid: ODD, body: { wrapped_key: 'AAAA' } }, { method: 'POST', path: `${K}/encryption/${E}`, body: { wrapped_key: 'AAAA' } }),
  c(keysGroup, 'create_encryption_wrapping_key', { kid: ODD }, { method: 'POST', path: `${K}/encryption/${E}/wrapping-key` }),
  c(keysGroup, 'rekey_encryption_keys', {}, { method: 'POST', path: `${K}/encryption/rekey` }),
  c(keysGroup, 'delete_encryption_key', { kid: ODD }, { method: 'DELETE', path: `${K}/encryption/${E}` }),
  c(keysGroup, 'all_network_acl_keys', {}, { method: 'GET', path: `${K}/network-acls` }, 'the official auth0 SDK v7 (keys.networkAcls.list)'),
  c(keysGroup, 'create_network_acl_key', { body: { name: 'edge', alg: 'hmac-sha256', value: 'v' } },
    { method: 'POST', path: `${K}/network-acls`, body: { name: 'edge', alg: 'hmac-sha256', value: 'v' } }, 'the official auth0 SDK v7 (keys.networkAcls.create)'),
  c(keysGroup, 'get_network_acl_key', { id: ODD }, { method: 'GET', path: `${K}/network-acls/${E}` }, 'the official auth0 SDK v7 (keys.networkAcls.get)'),
  c(keysGroup, 'delete_network_acl_key', { id: ODD }, { method: 'DELETE', path: `${K}/network-acls/${E}` }, 'the official auth0 SDK v7 (keys.networkAcls.delete)'),
];

const ACL = { description: 'block bad', active: true, priority: 1, rule: { action: { block: true }, scope: 'tenant', match: { ipv4_cidrs: ['198.51.100.0/24'] } } };
const NA = '/api/v2/network-acls';
const networkAcls: RequestCase[] = [
  c(networkAclsGroup, 'all', {}, { method: 'GET', path: NA, query: { page: '0', per_page: '25', include_totals: 'true' } }, `${PY} network_acls.py (its defaults)`),
  c(networkAclsGroup, 'all', { page: 2, per_page: 5, include_totals: false }, { method: 'GET', path: NA, query: { page: '2', per_page: '5', include_totals: 'false' } }, `${PY} network_acls.py`),
  c(networkAclsGroup, 'create', { body: ACL }, { method: 'POST', path: NA, body: ACL }, `${PY} network_acls.py`),
  c(networkAclsGroup, 'get', { id: ODD }, { method: 'GET', path: `${NA}/${E}` }, `${PY} network_acls.py`),
  c(networkAclsGroup, 'update', { id: ODD, body: ACL }, { method: 'PUT', path: `${NA}/${E}`, body: ACL }, `${PY} network_acls.py`),
  c(networkAclsGroup, 'update_partial', { id: ODD, body: { active: false } }, { method: 'PATCH', path: `${NA}/${E}`, body: { active: false } }, `${PY} network_acls.py`),
  c(networkAclsGroup, 'delete', { id: ODD }, { method: 'DELETE', path: `${NA}/${E}` }, `${PY} network_acls.py`),
];

const RL = '/api/v2/rate-limit-policies';
const POLICY = { resource: 'oauth_authentication_api', consumer: 'client', consumer_selector: 'client_1', configuration: { rate: 10 } };
const small: RequestCase[] = [
  c(anomalyGroup, 'check_ip', { id: '203.0.113.9' }, { method: 'GET', path: '/api/v2/anomaly/blocks/ips/203.0.113.9' }),
  c(anomalyGroup, 'unblock_ip', { id: '2001:db8::1' }, { method: 'DELETE', path: '/api/v2/anomaly/blocks/ips/2001%3Adb8%3A%3A1' }),
  c(riskAssessmentsGroup, 'get_settings', {}, { method: 'GET', path: '/api/v2/risk-assessments/settings' }),
  c(riskAssessmentsGroup, 'update_settings', { body: { enabled: true } }, { method: 'PATCH', path: '/api/v2/risk-assessments/settings', body: { enabled: true } }),
  c(riskAssessmentsGroup, 'get_new_device_settings', {}, { method: 'GET', path: '/api/v2/risk-assessments/settings/new-device' }),
  c(riskAssessmentsGroup, 'update_new_device_settings', { body: { remember_for: 60 } }, { method: 'PATCH', path: '/api/v2/risk-assessments/settings/new-device', body: { remember_for: 60 } }),
  c(supplementalSignalsGroup, 'get', {}, { method: 'GET', path: '/api/v2/supplemental-signals' }),
  c(supplementalSignalsGroup, 'update', { body: { akamai_enabled: true } }, { method: 'PATCH', path: '/api/v2/supplemental-signals', body: { akamai_enabled: true } }),
  c(rateLimitPoliciesGroup, 'all', {}, { method: 'GET', path: RL }),
  c(rateLimitPoliciesGroup, 'all', { resource: 'oauth_authentication_api', consumer: 'client', consumer_selector: 'client_1', from_param: 'abc', take: 10 },
    { method: 'GET', path: RL, query: { resource: 'oauth_authentication_api', consumer: 'client', consumer_selector: 'client_1', from: 'abc', take: '10' } }),
  c(rateLimitPoliciesGroup, 'create', { body: POLICY }, { method: 'POST', path: RL, body: POLICY }),
  c(rateLimitPoliciesGroup, 'get', { id: ODD }, { method: 'GET', path: `${RL}/${E}` }),
  c(rateLimitPoliciesGroup, 'update', { id: ODD, body: { configuration: { rate: 20 } } }, { method: 'PATCH', path: `${RL}/${E}`, body: { configuration: { rate: 20 } } }),
  c(rateLimitPoliciesGroup, 'delete', { id: ODD }, { method: 'DELETE', path: `${RL}/${E}` }),
];

const PR = '/api/v2/prompts';
const TEMPLATE = { template: 'verify_email', body: '<p>hi</p>', from: 'me@example.com', subject: 'Hi', syntax: 'liquid', enabled: true };
const extended: RequestCase[] = [
  c(promptsGroup, 'get_partials', { prompt: 'login' }, { method: 'GET', path: `${PR}/login/partials` }),
  c(promptsGroup, 'update_partials', { prompt: 'signup', body: { signup: { 'form-content-end': '<p>x</p>' } } },
    { method: 'PUT', path: `${PR}/signup/partials`, body: { signup: { 'form-content-end': '<p>x</p>' } } }),
  c(promptsGroup, 'all_renderings', {}, { method: 'GET', path: `${PR}/rendering` }),
  c(promptsGroup, 'all_renderings', { prompt: ['login-id', 'signup'], rendering_mode: 'advanced', page: 0, per_page: 10, include_totals: true, fields: 'prompt,screen' },
    { method: 'GET', path: `${PR}/rendering`, query: { prompt: 'login-id,signup', rendering_mode: 'advanced', page: '0', per_page: '10', include_totals: 'true', fields: 'prompt,screen' } }),
  c(promptsGroup, 'update_renderings', { body: { configs: [{ prompt: 'login-id', screen: 'login-id', rendering_mode: 'advanced' }] } },
    { method: 'PATCH', path: `${PR}/rendering`, body: { configs: [{ prompt: 'login-id', screen: 'login-id', rendering_mode: 'advanced' }] } }),
  c(promptsGroup, 'get_rendering', { prompt: 'login-id', screen: 'login-id' }, { method: 'GET', path: `${PR}/login-id/screen/login-id/rendering` }),
  c(promptsGroup, 'update_rendering', { prompt: 'login-id', screen: 'login-id', body: { rendering_mode: 'standard' } },
    { method: 'PATCH', path: `${PR}/login-id/screen/login-id/rendering`, body: { rendering_mode: 'standard' } }),
  c(emailTemplatesGroup, 'set', { template_name: 'verify_email', body: TEMPLATE }, { method: 'PUT', path: '/api/v2/email-templates/verify_email', body: TEMPLATE }),
  c(customDomainsGroup, 'all', { q: 'domain:login.example.com', fields: ['domain', 'status'], include_fields: true, sort: 'domain:1', take: 5, from_param: 'cd_1' },
    { method: 'GET', path: '/api/v2/custom-domains', query: { q: 'domain:login.example.com', fields: 'domain,status', include_fields: 'true', sort: 'domain:1', take: '5', from: 'cd_1' } }),
  c(customDomainsGroup, 'update', { id: ODD, body: { tls_policy: 'recommended' } }, { method: 'PATCH', path: `/api/v2/custom-domains/${E}`, body: { tls_policy: 'recommended' } }),
  c(customDomainsGroup, 'get_default', {}, { method: 'GET', path: '/api/v2/custom-domains/default' }),
  c(customDomainsGroup, 'update_default', { body: { domain: 'login.example.com' } }, { method: 'PATCH', path: '/api/v2/custom-domains/default', body: { domain: 'login.example.com' } }),
  c(customDomainsGroup, 'test', { id: ODD }, { method: 'POST', path: `/api/v2/custom-domains/${E}/test` }),
];

const G = '/api/v2/guardian/factors';
const TWILIO = { from: '+15550100', sid: 'AC1', auth_token: 'tok' };
const MESSAGES = { enrollment_message: 'e {{code}}', verification_message: 'v {{code}}' };
const guardian: RequestCase[] = [
  c(guardianGroup, 'get_phone_templates', {}, { method: 'GET', path: `${G}/phone/templates` }),
  c(guardianGroup, 'update_phone_templates', { body: MESSAGES }, { method: 'PUT', path: `${G}/phone/templates`, body: MESSAGES }),
  c(guardianGroup, 'get_phone_message_types', {}, { method: 'GET', path: `${G}/phone/message-types` }),
  c(guardianGroup, 'update_phone_message_types', { body: { message_types: ['sms', 'voice'] } }, { method: 'PUT', path: `${G}/phone/message-types`, body: { message_types: ['sms', 'voice'] } }),
  c(guardianGroup, 'get_phone_selected_provider', {}, { method: 'GET', path: `${G}/phone/selected-provider` }),
  c(guardianGroup, 'update_phone_selected_provider', { body: { provider: 'twilio' } }, { method: 'PUT', path: `${G}/phone/selected-provider`, body: { provider: 'twilio' } }),
  c(guardianGroup, 'get_phone_twilio_provider', {}, { method: 'GET', path: `${G}/phone/providers/twilio` }),
  c(guardianGroup, 'update_phone_twilio_provider', { body: TWILIO }, { method: 'PUT', path: `${G}/phone/providers/twilio`, body: TWILIO }),
  c(guardianGroup, 'get_sms_selected_provider', {}, { method: 'GET', path: `${G}/sms/selected-provider` }),
  c(guardianGroup, 'update_sms_selected_provider', { body: { provider: 'auth0' } }, { method: 'PUT', path: `${G}/sms/selected-provider`, body: { provider: 'auth0' } }),
  c(guardianGroup, 'get_sms_twilio_provider', {}, { method: 'GET', path: `${G}/sms/providers/twilio` }),
  c(guardianGroup, 'update_sms_twilio_provider', { body: TWILIO }, { method: 'PUT', path: `${G}/sms/providers/twilio`, body: TWILIO }),
  c(guardianGroup, 'get_push_notification_selected_provider', {}, { method: 'GET', path: `${G}/push-notification/selected-provider` }),
  c(guardianGroup, 'update_push_notification_selected_provider', { body: { provider: 'sns' } }, { method: 'PUT', path: `${G}/push-notification/selected-provider`, body: { provider: 'sns' } }),
  c(guardianGroup, 'get_apns_provider', {}, { method: 'GET', path: `${G}/push-notification/providers/apns` }),
  c(guardianGroup, 'set_apns_provider', { body: { sandbox: true, bundle_id: 'com.example', p12: 'cert' } }, { method: 'PUT', path: `${G}/push-notification/providers/apns`, body: { sandbox: true, bundle_id: 'com.example', p12: 'cert' } }),
  c(guardianGroup, 'update_apns_provider', { body: { sandbox: false } }, { method: 'PATCH', path: `${G}/push-notification/providers/apns`, body: { sandbox: false } }),
  c(guardianGroup, 'set_fcm_provider', { body: { server_key: 'k' } }, { method: 'PUT', path: `${G}/push-notification/providers/fcm`, body: { server_key: 'k' } }),
  c(guardianGroup, 'update_fcm_provider', { body: { server_key: 'k2' } }, { method: 'PATCH', path: `${G}/push-notification/providers/fcm`, body: { server_key: 'k2' } }),
  c(guardianGroup, 'set_fcmv1_provider', { body: { server_credentials: '{}' } }, { method: 'PUT', path: `${G}/push-notification/providers/fcmv1`, body: { server_credentials: '{}' } }),
  c(guardianGroup, 'update_fcmv1_provider', { body: { server_credentials: '{}' } }, { method: 'PATCH', path: `${G}/push-notification/providers/fcmv1`, body: { server_credentials: '{}' } }),
  c(guardianGroup, 'get_sns_provider', {}, { method: 'GET', path: `${G}/push-notification/providers/sns` }),
  c(guardianGroup, 'set_sns_provider', { body: { aws_region: 'eu-west-1' } }, { method: 'PUT', path: `${G}/push-notification/providers/sns`, body: { aws_region: 'eu-west-1' } }),
  c(guardianGroup, 'update_sns_provider', { body: { aws_region: 'us-east-1' } }, { method: 'PATCH', path: `${G}/push-notification/providers/sns`, body: { aws_region: 'us-east-1' } }),
  c(guardianGroup, 'get_duo_settings', {}, { method: 'GET', path: `${G}/duo/settings` }),
  c(guardianGroup, 'set_duo_settings', { body: { ikey: 'i', skey: 's', host: 'api-1.duosecurity.com' } }, { method: 'PUT', path: `${G}/duo/settings`, body: { ikey: 'i', skey: 's', host: 'api-1.duosecurity.com' } }),
  c(guardianGroup, 'update_duo_settings', { body: { host: 'api-2.duosecurity.com' } }, { method: 'PATCH', path: `${G}/duo/settings`, body: { host: 'api-2.duosecurity.com' } }),
  c(guardianGroup, 'get_policies', {}, { method: 'GET', path: '/api/v2/guardian/policies' }),
  c(guardianGroup, 'update_policies', { body: ['all-applications'] }, { method: 'PUT', path: '/api/v2/guardian/policies', body: ['all-applications'] }),
  c(guardianGroup, 'update_policies', { body: [] }, { method: 'PUT', path: '/api/v2/guardian/policies', body: [] }),
];

export const SECURITY_BRANDING_CASES: readonly RequestCase[] = [...attackProtection, ...branding, ...keys, ...networkAcls, ...small, ...extended, ...guardian];
