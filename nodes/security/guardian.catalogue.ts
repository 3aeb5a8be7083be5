/** The `guardian` group: multifactor authentication factors, providers, templates and enrollments. */
import { common, type GroupSpec, type InputSpec, type OperationSpec } from '../shared/catalogue';

const FACTOR_NAMES = ['push-notification', 'sms', 'email', 'duo', 'otp', 'webauthn-roaming', 'webauthn-platform', 'recovery-code'] as const;

const factorName: InputSpec = {
  name: 'factor_name',
  in: 'path',
  type: 'string',
  required: true,
  enum: ['push-notification', 'sms', 'phone'],
  description: 'The factor: push-notification, sms or phone.',
};
const providerName: InputSpec = {
  name: 'name',
  in: 'path',
  type: 'string',
  required: true,
  description: 'The provider: for example sns, apns or fcm (push-notification), twilio (sms).',
};
const enrollmentId = common.id('The id of the enrollment (the device account id).');

const READ = ['read:guardian_factors'];
const UPDATE = ['update:guardian_factors'];

/** One operation on a fixed guardian path (GET reads, the writes update). */
function factorOp(
  id: string,
  label: string,
  description: string,
  method: 'GET' | 'PUT' | 'PATCH',
  segment: string,
  group: string,
  body?: string,
  extra: Partial<OperationSpec> = {},
): OperationSpec {
  const inputs: InputSpec[] = body === undefined ? [] : [common.body(body)];
  return { id, label, description, method, path: `/api/v2/guardian/${segment}`, inputs, scopes: method === 'GET' ? READ : UPDATE, group, ...extra };
}
const secretBody = (description: string): InputSpec[] => [{ ...common.body(description), secret: true }];
const TWILIO = 'The Twilio settings: from or messaging_service_sid, sid and auth_token.';
const PHONE_PROVIDER = 'The provider: { "provider": "auth0" }, "twilio" or "phone-message-hook".';

/** The per-factor endpoints beside the generic provider operations: phone (and the older sms), push notification, Duo, policies. */
const FACTOR_SETTINGS: OperationSpec[] = [
  factorOp(
    'get_phone_templates',
    'Get phone templates',
    'Reads the enrollment and verification message templates of the phone factor.',
    'GET',
    'factors/phone/templates',
    'Templates',
  ),
  factorOp(
    'update_phone_templates',
    'Update phone templates',
    'Replaces the enrollment and verification message templates of the phone factor.',
    'PUT',
    'factors/phone/templates',
    'Templates',
    'The templates: enrollment_message and verification_message (both required).',
  ),
  factorOp(
    'get_phone_message_types',
    'Get phone message types',
    'Reads how phone codes are delivered: sms, voice or both.',
    'GET',
    'factors/phone/message-types',
    'Phone',
  ),
  factorOp(
    'update_phone_message_types',
    'Update phone message types',
    'Sets how phone codes are delivered.',
    'PUT',
    'factors/phone/message-types',
    'Phone',
    'The delivery: { "message_types": ["sms", "voice"] }.',
  ),
  factorOp(
    'get_phone_selected_provider',
    'Get phone provider choice',
    "Reads which provider sends the phone factor's messages.",
    'GET',
    'factors/phone/selected-provider',
    'Phone',
  ),
  factorOp(
    'update_phone_selected_provider',
    'Choose phone provider',
    "Chooses which provider sends the phone factor's messages.",
    'PUT',
    'factors/phone/selected-provider',
    'Phone',
    PHONE_PROVIDER,
  ),
  factorOp(
    'get_phone_twilio_provider',
    'Get phone Twilio settings',
    'Reads the Twilio settings of the phone factor.',
    'GET',
    'factors/phone/providers/twilio',
    'Phone',
  ),
  {
    ...factorOp(
      'update_phone_twilio_provider',
      'Set phone Twilio settings',
      'Replaces the Twilio settings of the phone factor.',
      'PUT',
      'factors/phone/providers/twilio',
      'Phone',
    ),
    inputs: secretBody(TWILIO),
  },
  factorOp(
    'get_sms_selected_provider',
    'Get SMS provider choice',
    "Reads which provider sends the SMS factor's messages (the older SMS factor).",
    'GET',
    'factors/sms/selected-provider',
    'SMS (deprecated)',
    undefined,
    { lifecycle: 'deprecated', replacement: 'get_phone_selected_provider' },
  ),
  factorOp(
    'update_sms_selected_provider',
    'Choose SMS provider',
    "Chooses which provider sends the SMS factor's messages (the older SMS factor).",
    'PUT',
    'factors/sms/selected-provider',
    'SMS (deprecated)',
    PHONE_PROVIDER,
    { lifecycle: 'deprecated', replacement: 'update_phone_selected_provider' },
  ),
  factorOp(
    'get_sms_twilio_provider',
    'Get SMS Twilio settings',
    'Reads the Twilio settings of the SMS factor.',
    'GET',
    'factors/sms/providers/twilio',
    'SMS (deprecated)',
  ),
  {
    ...factorOp(
      'update_sms_twilio_provider',
      'Set SMS Twilio settings',
      'Replaces the Twilio settings of the SMS factor.',
      'PUT',
      'factors/sms/providers/twilio',
      'SMS (deprecated)',
      undefined,
      { lifecycle: 'deprecated', replacement: 'update_phone_twilio_provider' },
    ),
    inputs: secretBody(TWILIO),
  },
  factorOp(
    'get_push_notification_selected_provider',
    'Get push provider choice',
    'Reads which service delivers push notifications: guardian, sns or direct.',
    'GET',
    'factors/push-notification/selected-provider',
    'Push notification',
  ),
  factorOp(
    'update_push_notification_selected_provider',
    'Choose push provider',
    'Chooses which service delivers push notifications.',
    'PUT',
    'factors/push-notification/selected-provider',
    'Push notification',
    'The provider: { "provider": "guardian" }, "sns" or "direct".',
  ),
  factorOp(
    'get_apns_provider',
    'Get APNs settings',
    'Reads the Apple Push Notification service settings (without the certificate).',
    'GET',
    'factors/push-notification/providers/apns',
    'Push notification',
  ),
  {
    ...factorOp(
      'set_apns_provider',
      'Set APNs settings',
      'Replaces the Apple Push Notification service settings.',
      'PUT',
      'factors/push-notification/providers/apns',
      'Push notification',
    ),
    inputs: secretBody('The settings: sandbox, bundle_id and p12 (the certificate, base64).'),
  },
  {
    ...factorOp(
      'update_apns_provider',
      'Update APNs settings',
      'Changes the Apple Push Notification service settings given in body.',
      'PATCH',
      'factors/push-notification/providers/apns',
      'Push notification',
    ),
    inputs: secretBody('The settings to change: sandbox, bundle_id, p12.'),
  },
  {
    ...factorOp(
      'set_fcm_provider',
      'Set FCM settings',
      'Replaces the Firebase Cloud Messaging (legacy API) settings.',
      'PUT',
      'factors/push-notification/providers/fcm',
      'Push notification',
    ),
    inputs: secretBody('The settings: { "server_key": "…" }.'),
  },
  {
    ...factorOp(
      'update_fcm_provider',
      'Update FCM settings',
      'Changes the Firebase Cloud Messaging (legacy API) settings.',
      'PATCH',
      'factors/push-notification/providers/fcm',
      'Push notification',
    ),
    inputs: secretBody('The settings: { "server_key": "…" }.'),
  },
  {
    ...factorOp(
      'set_fcmv1_provider',
      'Set FCM v1 settings',
      'Replaces the Firebase Cloud Messaging (HTTP v1 API) settings.',
      'PUT',
      'factors/push-notification/providers/fcmv1',
      'Push notification',
    ),
    inputs: secretBody('The settings: { "server_credentials": "<service account JSON>" }.'),
  },
  {
    ...factorOp(
      'update_fcmv1_provider',
      'Update FCM v1 settings',
      'Changes the Firebase Cloud Messaging (HTTP v1 API) settings.',
      'PATCH',
      'factors/push-notification/providers/fcmv1',
      'Push notification',
    ),
    inputs: secretBody('The settings: { "server_credentials": "<service account JSON>" }.'),
  },
  factorOp(
    'get_sns_provider',
    'Get SNS settings',
    'Reads the Amazon SNS settings of push notifications.',
    'GET',
    'factors/push-notification/providers/sns',
    'Push notification',
  ),
  {
    ...factorOp(
      'set_sns_provider',
      'Set SNS settings',
      'Replaces the Amazon SNS settings of push notifications.',
      'PUT',
      'factors/push-notification/providers/sns',
      'Push notification',
    ),
    inputs: secretBody(
      'The settings: aws_access_key_id, aws_secret_access_key, aws_region, sns_apns_platform_application_arn, sns_gcm_platform_application_arn.',
    ),
  },
  {
    ...factorOp(
      'update_sns_provider',
      'Update SNS settings',
      'Changes the Amazon SNS settings of push notifications given in body.',
      'PATCH',
      'factors/push-notification/providers/sns',
      'Push notification',
    ),
    inputs: secretBody('The settings to change: aws_access_key_id, aws_secret_access_key, aws_region, the platform application ARNs.'),
  },
  factorOp('get_duo_settings', 'Get Duo settings', 'Reads the Duo Security settings (without the secret key).', 'GET', 'factors/duo/settings', 'Duo'),
  {
    ...factorOp('set_duo_settings', 'Set Duo settings', 'Replaces the Duo Security settings.', 'PUT', 'factors/duo/settings', 'Duo'),
    inputs: secretBody('The settings: ikey (integration key), skey (secret key), host (API hostname).'),
  },
  {
    ...factorOp('update_duo_settings', 'Update Duo settings', 'Changes the Duo Security settings given in body.', 'PATCH', 'factors/duo/settings', 'Duo'),
    inputs: secretBody('The settings to change: ikey, skey, host.'),
  },
  {
    ...factorOp(
      'get_policies',
      'Get MFA policies',
      'Reads when MFA is required: a list naming all-applications, confidence-score, or empty for never.',
      'GET',
      'policies',
      'Policies',
    ),
    scopes: ['read:mfa_policies'],
  },
  {
    ...factorOp('update_policies', 'Set MFA policies', 'Sets when MFA is required.', 'PUT', 'policies', 'Policies'),
    inputs: [
      {
        name: 'body',
        in: 'body',
        type: 'array',
        wholeBody: true,
        required: true,
        description: 'The policies: ["all-applications"], ["confidence-score"] or [] (never).',
      },
    ],
    scopes: ['update:mfa_policies'],
  },
];

export const guardianGroup: GroupSpec = {
  type: 'auth0-guardian',
  name: 'guardian',
  paletteLabel: 'MFA (guardian)',
  api: 'management',
  summary:
    'Configures multifactor authentication: factors, their providers and provider choice, phone templates and message types, Duo, MFA policies, enrollment tickets and enrollments.',
  details: [
    'update_factor enables or disables a factor ({ "enabled": true }). Provider settings (Twilio, SNS, APNs, FCM) are read and written either with the generic get_factor_providers and update_factor_providers (factor and provider name as inputs) or with the operation of each provider.',
    "The SMS factor's templates, provider choice and Twilio update are deprecated in favour of the phone factor's; they are still served.",
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
          name: 'name',
          in: 'path',
          type: 'string',
          required: true,
          enum: FACTOR_NAMES,
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
      description: "Reads the configuration of a factor's provider (for example the Twilio or SNS settings).",
      method: 'GET',
      path: '/api/v2/guardian/factors/{factor_name}/providers/{name}',
      inputs: [factorName, providerName],
      scopes: ['read:guardian_factors'],
      group: 'Factors',
    },
    {
      id: 'update_factor_providers',
      label: 'Update factor provider',
      description: "Replaces the configuration of a factor's provider.",
      method: 'PUT',
      path: '/api/v2/guardian/factors/{factor_name}/providers/{name}',
      // Provider settings hold the provider's secrets (Twilio auth_token, SNS secret key).
      inputs: [
        factorName,
        providerName,
        { ...common.body('The provider settings, for example from, messaging_service_sid, auth_token and sid for Twilio.'), secret: true },
      ],
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
      lifecycle: 'deprecated',
      replacement: 'get_phone_templates',
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
      lifecycle: 'deprecated',
      replacement: 'update_phone_templates',
      group: 'Templates',
    },
    ...FACTOR_SETTINGS,
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
