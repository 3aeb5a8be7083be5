/** The `guardian` group: multifactor authentication factors, providers, templates and enrollments. */
import { common, type GroupSpec, type InputSpec } from '../shared/catalogue';

const FACTOR_NAMES = [
  'push-notification', 'sms', 'email', 'duo', 'otp', 'webauthn-roaming', 'webauthn-platform', 'recovery-code',
] as const;

const factorName: InputSpec = {
  name: 'factor_name', in: 'path', type: 'string', required: true, enum: ['push-notification', 'sms', 'phone'],
  description: 'The factor: push-notification, sms or phone.',
};
const providerName: InputSpec = {
  name: 'name', in: 'path', type: 'string', required: true,
  description: 'The provider: for example sns, apns or fcm (push-notification), twilio (sms).',
};
const enrollmentId = common.id('The id of the enrollment (the device account id).');

export const guardianGroup: GroupSpec = {
  type: 'auth0-guardian',
  name: 'guardian',
  paletteLabel: 'MFA (guardian)',
  api: 'management',
  summary: 'Configures multifactor authentication: factors and their providers, the SMS templates, enrollment tickets and enrollments.',
  details: [
    'update_factor enables or disables a factor ({ "enabled": true }). Provider settings (Twilio, SNS, …) are read and written per factor and provider name.',
    'Enrollment tickets send the Auth0-Custom-Domain header when the tenant configuration names a custom domain, so the enrollment link uses it.',
  ],
  references: [
    { title: 'Management API: Guardian', url: 'https://auth0.com/docs/api/management/v2/guardian/get-factors' },
    { title: 'Multi-factor authentication', url: 'https://auth0.com/docs/secure/multi-factor-authentication' },
  ],
  operations: [
    {
      id: 'all_factors',
      label: 'List factors',
      description: 'Lists the MFA factors with their enablement and trial status.',
      method: 'GET',
      path: '/api/v2/guardian/factors',
      inputs: [],
      scopes: ['read:guardian_factors'],
      group: 'Factors',
    },
    {
      id: 'update_factor',
      label: 'Enable or disable factor',
      description: 'Enables or disables one MFA factor.',
      method: 'PUT',
      path: '/api/v2/guardian/factors/{name}',
      inputs: [
        {
          name: 'name', in: 'path', type: 'string', required: true, enum: FACTOR_NAMES,
          description: 'The factor, for example push-notification or sms.',
        },
        common.body('The new state: { "enabled": true } or { "enabled": false }.'),
      ],
      scopes: ['update:guardian_factors'],
      group: 'Factors',
    },
    {
      id: 'get_factor_providers',
      label: 'Get factor provider',
      description: 'Reads the configuration of a factor\'s provider (for example the Twilio or SNS settings).',
      method: 'GET',
      path: '/api/v2/guardian/factors/{factor_name}/providers/{name}',
      inputs: [factorName, providerName],
      scopes: ['read:guardian_factors'],
      group: 'Factors',
    },
    {
      id: 'update_factor_providers',
      label: 'Update factor provider',
      description: 'Replaces the configuration of a factor\'s provider.',
      method: 'PUT',
      path: '/api/v2/guardian/factors/{factor_name}/providers/{name}',
      // Provider settings hold the provider's secrets (Twilio auth_token, SNS secret key).
      inputs: [factorName, providerName, { ...common.body('The provider settings, for example from, messaging_service_sid, auth_token and sid for Twilio.'), secret: true }],
      scopes: ['update:guardian_factors'],
      group: 'Factors',
    },
    {
      id: 'get_templates',
      label: 'Get SMS templates',
      description: 'Reads the enrollment and verification SMS templates.',
      method: 'GET',
      path: '/api/v2/guardian/factors/sms/templates',
      inputs: [],
      scopes: ['read:guardian_factors'],
      group: 'Templates',
    },
    {
      id: 'update_templates',
      label: 'Update SMS templates',
      description: 'Replaces the enrollment and verification SMS templates.',
      method: 'PUT',
      path: '/api/v2/guardian/factors/sms/templates',
      inputs: [common.body('The templates: enrollment_message and verification_message.')],
      scopes: ['update:guardian_factors'],
      group: 'Templates',
    },
    {
      id: 'create_enrollment_ticket',
      label: 'Create enrollment ticket',
      description: 'Creates a link that starts MFA enrollment for a user, optionally e-mailing it.',
      method: 'POST',
      path: '/api/v2/guardian/enrollments/ticket',
      inputs: [common.body('The user details: user_id (required), email, send_mail.')],
      customDomainHeader: true,
      scopes: ['create:guardian_enrollment_tickets'],
      group: 'Enrollments',
    },
    {
      id: 'get_enrollment',
      label: 'Get enrollment',
      description: 'Reads one MFA enrollment with its type and metadata.',
      method: 'GET',
      path: '/api/v2/guardian/enrollments/{id}',
      inputs: [enrollmentId],
      scopes: ['read:guardian_enrollments'],
      group: 'Enrollments',
    },
    {
      id: 'delete_enrollment',
      label: 'Delete enrollment',
      description: 'Deletes an MFA enrollment, forcing the user to enroll again.',
      method: 'DELETE',
      path: '/api/v2/guardian/enrollments/{id}',
      inputs: [enrollmentId],
      scopes: ['delete:guardian_enrollments'],
      group: 'Enrollments',
    },
  ],
};
