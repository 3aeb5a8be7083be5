/** The `email_templates` group: the templates of the e-mails Auth0 sends. */
import { common, type GroupSpec, type InputSpec } from '../shared/catalogue';

/** The specification's nine names, plus the ones Auth0 has added since (from the service's own enum). */
const TEMPLATE_NAMES = [
  'verify_email',
  'reset_email',
  'welcome_email',
  'blocked_account',
  'stolen_credentials',
  'enrollment_email',
  'change_password',
  'password_reset',
  'mfa_oob_code',
  'verify_email_by_code',
  'reset_email_by_code',
  'auth_email_by_code',
  'user_invitation',
  'async_approval',
] as const;

const templateName: InputSpec = {
  name: 'template_name',
  in: 'path',
  type: 'string',
  required: true,
  enum: TEMPLATE_NAMES,
  description: 'The template, for example verify_email, reset_email, welcome_email, blocked_account or mfa_oob_code.',
};

export const emailTemplatesGroup: GroupSpec = {
  type: 'auth0-email-templates',
  name: 'email_templates',
  paletteLabel: 'email templates',
  api: 'management',
  summary: 'Creates, reads, updates and replaces the templates of the e-mails Auth0 sends (verification, password reset, welcome, …).',
  references: [
    { title: 'Management API: Email Templates', url: 'https://auth0.com/docs/api/management/v2/email-templates/get-email-templates-by-template-name' },
    { title: 'Customize e-mail templates', url: 'https://auth0.com/docs/customize/email/email-templates' },
  ],
  operations: [
    {
      id: 'create',
      label: 'Create e-mail template',
      description: 'Creates a template; body.template names which one.',
      method: 'POST',
      path: '/api/v2/email-templates',
      inputs: [common.body('The template: template (its name), body (HTML), from, subject, syntax (liquid) and enabled.')],
      scopes: ['create:email_templates'],
      group: 'Create and update',
    },
    {
      id: 'get',
      label: 'Get e-mail template',
      description: 'Reads one template by its name.',
      method: 'GET',
      path: '/api/v2/email-templates/{template_name}',
      inputs: [templateName],
      scopes: ['read:email_templates'],
      group: 'Read',
    },
    {
      id: 'update',
      label: 'Update e-mail template',
      description: 'Changes the attributes of a template given in body.',
      method: 'PATCH',
      path: '/api/v2/email-templates/{template_name}',
      inputs: [templateName, common.body('The attributes to change: body, from, subject, enabled, resultUrl, …')],
      scopes: ['update:email_templates'],
      group: 'Create and update',
    },
    {
      id: 'set',
      label: 'Set e-mail template',
      description: 'Replaces a template with the one given in body, creating it when it does not exist yet.',
      method: 'PUT',
      path: '/api/v2/email-templates/{template_name}',
      inputs: [templateName, common.body('The whole template: template (its name), body (HTML), from, subject, syntax (liquid) and enabled.')],
      scopes: ['update:email_templates'],
      group: 'Create and update',
    },
  ],
};
