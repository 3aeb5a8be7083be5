/** The `tickets` group: links for e-mail verification and password change. */
import { common, type GroupSpec } from '../shared/catalogue';

export const ticketsGroup: GroupSpec = {
  type: 'auth0-tickets',
  name: 'tickets',
  paletteLabel: 'tickets',
  api: 'management',
  summary: 'Creates e-mail verification and password change tickets: links you send the user yourself.',
  details: [
    'The response holds ticket, the URL to give the user. Both operations send the Auth0-Custom-Domain header when the tenant configuration names a custom domain, so the link uses it.',
  ],
  references: [{ title: 'Management API: Tickets', url: 'https://auth0.com/docs/api/management/v2/tickets/post-email-verification' }],
  operations: [
    {
      id: 'create_email_verification',
      label: 'E-mail verification ticket',
      description: 'Creates a link that verifies the e-mail address of a user.',
      method: 'POST',
      path: '/api/v2/tickets/email-verification',
      inputs: [common.body('The ticket: user_id (required), result_url, ttl_sec, includeEmailInRedirect, identity, client_id, organization_id.')],
      customDomainHeader: true,
      scopes: ['create:user_tickets'],
      group: 'Create and update',
    },
    {
      id: 'create_pswd_change',
      label: 'Password change ticket',
      description: 'Creates a link that lets a user set a new password.',
      method: 'POST',
      path: '/api/v2/tickets/password-change',
      inputs: [common.body('The ticket: user_id (or email with connection_id), result_url, ttl_sec, mark_email_as_verified, client_id, organization_id.')],
      customDomainHeader: true,
      scopes: ['create:user_tickets'],
      group: 'Create and update',
    },
  ],
};
