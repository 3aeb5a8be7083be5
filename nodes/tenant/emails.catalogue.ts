/** The `emails` group: the e-mail provider that sends the tenant's e-mails. */
import { common, type GroupSpec } from '../shared/catalogue';

export const emailsGroup: GroupSpec = {
  type: 'auth0-emails',
  name: 'emails',
  paletteLabel: 'email provider',
  api: 'management',
  summary: 'Configures, reads, updates and deletes the e-mail provider (SMTP, SendGrid, SES, Mailgun, …) the tenant sends e-mails with.',
  details: ["There is one e-mail provider per tenant; delete removes it and the tenant falls back to Auth0's test provider."],
  references: [
    { title: 'Management API: Emails', url: 'https://auth0.com/docs/api/management/v2/emails/get-provider' },
    { title: 'Customize e-mails', url: 'https://auth0.com/docs/customize/email' },
  ],
  operations: [
    {
      id: 'config',
      label: 'Configure e-mail provider',
      description: 'Creates the e-mail provider configuration.',
      method: 'POST',
      path: '/api/v2/emails/provider',
      // The body carries the provider's credentials (API key, SMTP password).
      inputs: [
        {
          ...common.body(
            'The provider: name (for example smtp, sendgrid, ses, mailgun), enabled, default_from_address, credentials (API key or SMTP password), settings.',
          ),
          secret: true,
        },
      ],
      scopes: ['create:email_provider'],
      group: 'Create and update',
    },
    {
      id: 'get',
      label: 'Get e-mail provider',
      description: 'Reads the e-mail provider configuration.',
      method: 'GET',
      path: '/api/v2/emails/provider',
      inputs: [common.fields(), common.includeFields(true)],
      scopes: ['read:email_provider'],
      group: 'Read',
    },
    {
      id: 'update',
      label: 'Update e-mail provider',
      description: 'Changes the e-mail provider attributes given in body.',
      method: 'PATCH',
      path: '/api/v2/emails/provider',
      inputs: [common.body('The attributes to change. Give new credentials from msg, flow, global or env rather than as text in the flow.')],
      scopes: ['update:email_provider'],
      group: 'Create and update',
    },
    {
      id: 'delete',
      label: 'Delete e-mail provider',
      description: 'Deletes the e-mail provider configuration. Use with care: the tenant stops sending e-mails through it.',
      method: 'DELETE',
      path: '/api/v2/emails/provider',
      inputs: [],
      scopes: ['delete:email_provider'],
      group: 'Delete',
    },
  ],
};
