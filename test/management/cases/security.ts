/**
 * Request cases for the security family (nodes/security/): blacklists, guardian, verifiable-credentials.
 */
import type { RequestCase } from './shared';
import { raw, PY4, ODD, E } from './shared';
import { blacklistsGroup } from '../../../nodes/security/blacklists.catalogue';
import { guardianGroup } from '../../../nodes/security/guardian.catalogue';
import { verifiableCredentialsGroup } from '../../../nodes/security/verifiable-credentials.catalogue';

export const SECURITY_CASES: readonly RequestCase[] = [
  // ── blacklists (the SDK no longer has them) ───────────────────────────
  {
    group: blacklistsGroup,
    op: 'get',
    values: {},
    expect: { method: 'GET', path: '/api/v2/blacklists/tokens' },
    source: `${PY4} blacklists.py Blacklists.get: GET /api/v2/blacklists/tokens, params {aud}`,
  },
  {
    group: blacklistsGroup,
    op: 'get',
    values: { aud: 'cl_1' },
    expect: { method: 'GET', path: '/api/v2/blacklists/tokens', query: { aud: 'cl_1' } },
    source: `${PY4} blacklists.py Blacklists.get`,
  },
  {
    group: blacklistsGroup,
    op: 'create',
    values: { jti: 'jti_1', aud: 'cl_1' },
    expect: { method: 'POST', path: '/api/v2/blacklists/tokens', body: { jti: 'jti_1', aud: 'cl_1' } },
    source: `${PY4} blacklists.py Blacklists.create: POST /api/v2/blacklists/tokens, body {jti, aud when given}`,
  },
  {
    group: blacklistsGroup,
    op: 'create',
    values: { jti: 'jti_1' },
    expect: { method: 'POST', path: '/api/v2/blacklists/tokens', body: { jti: 'jti_1' } },
    source: `${PY4} blacklists.py Blacklists.create`,
  },

  // ── guardian ──────────────────────────────────────────────────────────
  // Auth0 since the reference (its SDKs of 2026-09): the MFA settings and the factors' OTP settings.
  { group: guardianGroup, op: 'get_settings', values: {}, expect: { method: 'GET', path: '/api/v2/guardian/settings' }, sdk: (c) => c.guardian.get() },
  {
    group: guardianGroup,
    op: 'set_settings',
    values: {
      body: { display_remember_me_checkbox: true, remember_me_default_value: false, mfa_session_inactivity_timeout: 30, mfa_session_overall_timeout: 720 },
    },
    expect: {
      method: 'PUT',
      path: '/api/v2/guardian/settings',
      body: { display_remember_me_checkbox: true, remember_me_default_value: false, mfa_session_inactivity_timeout: 30, mfa_session_overall_timeout: 720 },
    },
    sdk: (c) =>
      c.guardian.set({
        display_remember_me_checkbox: true,
        remember_me_default_value: false,
        mfa_session_inactivity_timeout: 30,
        mfa_session_overall_timeout: 720,
      }),
  },
  {
    group: guardianGroup,
    op: 'get_email_factor_settings',
    values: {},
    expect: { method: 'GET', path: '/api/v2/guardian/factors/email/settings' },
    sdk: (c) => c.guardian.factors.email.get(),
  },
  {
    group: guardianGroup,
    op: 'set_email_factor_settings',
    values: { body: { otp_length: 6, otp_expiration_time: 5 } },
    expect: { method: 'PUT', path: '/api/v2/guardian/factors/email/settings', body: { otp_length: 6, otp_expiration_time: 5 } },
    sdk: (c) => c.guardian.factors.email.set({ otp_length: 6, otp_expiration_time: 5 }),
  },
  {
    group: guardianGroup,
    op: 'get_phone_factor_settings',
    values: {},
    expect: { method: 'GET', path: '/api/v2/guardian/factors/phone/settings' },
    sdk: (c) => c.guardian.factors.phone.get(),
  },
  {
    group: guardianGroup,
    op: 'set_phone_factor_settings',
    values: { body: { otp_length: 8, otp_expiration_time: 10 } },
    expect: { method: 'PUT', path: '/api/v2/guardian/factors/phone/settings', body: { otp_length: 8, otp_expiration_time: 10 } },
    sdk: (c) => c.guardian.factors.phone.set({ otp_length: 8, otp_expiration_time: 10 }),
  },
  {
    group: guardianGroup,
    op: 'all_factors',
    values: {},
    expect: { method: 'GET', path: '/api/v2/guardian/factors' },
    sdk: (c) => c.guardian.factors.list(),
  },
  {
    group: guardianGroup,
    op: 'update_factor',
    values: { name: 'sms', body: { enabled: true } },
    expect: { method: 'PUT', path: '/api/v2/guardian/factors/sms', body: { enabled: true } },
    sdk: (c) => c.guardian.factors.set('sms', { enabled: true }),
  },
  {
    group: guardianGroup,
    op: 'get_factor_providers',
    values: { factor_name: 'sms', name: 'twilio' },
    expect: { method: 'GET', path: '/api/v2/guardian/factors/sms/providers/twilio' },
    sdk: (c) => c.guardian.factors.sms.getTwilioProvider(),
  },
  {
    group: guardianGroup,
    op: 'get_factor_providers',
    values: { factor_name: 'push-notification', name: 'sns' },
    expect: { method: 'GET', path: '/api/v2/guardian/factors/push-notification/providers/sns' },
    sdk: (c) => c.guardian.factors.pushNotification.getSnsProvider(),
  },
  {
    group: guardianGroup,
    op: 'update_factor_providers',
    values: { factor_name: 'sms', name: 'twilio', body: { from: '+15550100', sid: 'AC1', auth_token: 'tok' } },
    expect: { method: 'PUT', path: '/api/v2/guardian/factors/sms/providers/twilio', body: { from: '+15550100', sid: 'AC1', auth_token: 'tok' } },
    sdk: (c) => c.guardian.factors.sms.setTwilioProvider({ from: '+15550100', sid: 'AC1', auth_token: 'tok' }),
  },
  {
    group: guardianGroup,
    op: 'get_templates',
    values: {},
    expect: { method: 'GET', path: '/api/v2/guardian/factors/sms/templates' },
    sdk: (c) => c.guardian.factors.sms.getTemplates(),
  },
  {
    group: guardianGroup,
    op: 'update_templates',
    values: { body: { enrollment_message: 'e {{code}}', verification_message: 'v {{code}}' } },
    expect: { method: 'PUT', path: '/api/v2/guardian/factors/sms/templates', body: { enrollment_message: 'e {{code}}', verification_message: 'v {{code}}' } },
    sdk: (c) => c.guardian.factors.sms.setTemplates({ enrollment_message: 'e {{code}}', verification_message: 'v {{code}}' }),
  },
  {
    group: guardianGroup,
    op: 'create_enrollment_ticket',
    values: { body: { user_id: 'auth0|1', send_mail: false } },
    expect: { method: 'POST', path: '/api/v2/guardian/enrollments/ticket', body: { user_id: 'auth0|1', send_mail: false }, customDomain: true },
    sdk: (c) => c.guardian.enrollments.createTicket({ user_id: 'auth0|1', send_mail: false }),
  },
  {
    group: guardianGroup,
    op: 'get_enrollment',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/guardian/enrollments/${E}` },
    sdk: (c) => c.guardian.enrollments.get(ODD),
  },
  {
    group: guardianGroup,
    op: 'delete_enrollment',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/guardian/enrollments/${E}` },
    sdk: (c) => c.guardian.enrollments.delete(ODD),
  },
  // ── verifiable_credentials (today's Auth0) ──
  {
    group: verifiableCredentialsGroup,
    op: 'list_verification_templates',
    values: { from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/verifiable-credentials/verification/templates`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.verifiableCredentials.verification.templates.list({ from: 'cp_1', take: 10 }),
  },
  {
    group: verifiableCredentialsGroup,
    op: 'create_verification_template',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/verifiable-credentials/verification/templates`, body: { name: 'x' } },
    sdk: (c) => c.verifiableCredentials.verification.templates.create(raw({ name: 'x' })),
  },
  {
    group: verifiableCredentialsGroup,
    op: 'get_verification_template',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/verifiable-credentials/verification/templates/${E}` },
    sdk: (c) => c.verifiableCredentials.verification.templates.get(ODD),
  },
  {
    group: verifiableCredentialsGroup,
    op: 'update_verification_template',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/verifiable-credentials/verification/templates/${E}`, body: { name: 'x' } },
    sdk: (c) => c.verifiableCredentials.verification.templates.update(ODD, { name: 'x' }),
  },
  {
    group: verifiableCredentialsGroup,
    op: 'delete_verification_template',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/verifiable-credentials/verification/templates/${E}` },
    sdk: (c) => c.verifiableCredentials.verification.templates.delete(ODD),
  },
];
