/**
 * Request cases for the tenant family (nodes/tenant/): email-templates, emails, experimentation, prompts, stats, tenants.
 */
import type { RequestCase } from './shared';
import { ODD, E } from './shared';
import { emailTemplatesGroup } from '../../../nodes/tenant/email-templates.catalogue';
import { emailsGroup } from '../../../nodes/tenant/emails.catalogue';
import { experimentationGroup } from '../../../nodes/tenant/experimentation.catalogue';
import { promptsGroup } from '../../../nodes/tenant/prompts.catalogue';
import { statsGroup } from '../../../nodes/tenant/stats.catalogue';
import { tenantsGroup } from '../../../nodes/tenant/tenants.catalogue';

export const TENANT_CASES: readonly RequestCase[] = [
  // ── tenants, stats, prompts ───────────────────────────────────────────
  {
    group: tenantsGroup,
    op: 'get',
    values: {},
    expect: { method: 'GET', path: '/api/v2/tenants/settings', query: { include_fields: 'true' } },
    sdk: (c) => c.tenants.settings.get({ include_fields: true }),
  },
  {
    group: tenantsGroup,
    op: 'get',
    values: { fields: ['friendly_name', 'support_email'], include_fields: false },
    expect: { method: 'GET', path: '/api/v2/tenants/settings', query: { fields: 'friendly_name,support_email', include_fields: 'false' } },
    sdk: (c) => c.tenants.settings.get({ fields: 'friendly_name,support_email', include_fields: false }),
  },
  {
    group: tenantsGroup,
    op: 'update',
    values: { body: { friendly_name: 'Acme' } },
    expect: { method: 'PATCH', path: '/api/v2/tenants/settings', body: { friendly_name: 'Acme' } },
    sdk: (c) => c.tenants.settings.update({ friendly_name: 'Acme' }),
  },
  {
    group: statsGroup,
    op: 'active_users',
    values: {},
    expect: { method: 'GET', path: '/api/v2/stats/active-users' },
    sdk: (c) => c.stats.getActiveUsersCount(),
  },
  {
    group: statsGroup,
    op: 'daily_stats',
    values: {},
    expect: { method: 'GET', path: '/api/v2/stats/daily' },
    sdk: (c) => c.stats.getDaily(),
  },
  {
    group: statsGroup,
    op: 'daily_stats',
    values: { from_date: '20240101', to_date: 20240131 },
    expect: { method: 'GET', path: '/api/v2/stats/daily', query: { from: '20240101', to: '20240131' } },
    sdk: (c) => c.stats.getDaily({ from: '20240101', to: '20240131' }),
  },
  {
    group: promptsGroup,
    op: 'get',
    values: {},
    expect: { method: 'GET', path: '/api/v2/prompts' },
    sdk: (c) => c.prompts.getSettings(),
  },
  {
    group: promptsGroup,
    op: 'update',
    values: { body: { identifier_first: true } },
    expect: { method: 'PATCH', path: '/api/v2/prompts', body: { identifier_first: true } },
    sdk: (c) => c.prompts.updateSettings({ identifier_first: true }),
  },
  {
    group: promptsGroup,
    op: 'get_custom_text',
    values: { prompt: 'login', language: 'fr-CA' },
    expect: { method: 'GET', path: '/api/v2/prompts/login/custom-text/fr-CA' },
    sdk: (c) => c.prompts.customText.get('login', 'fr-CA'),
  },
  {
    group: promptsGroup,
    op: 'update_custom_text',
    values: { prompt: 'login', language: 'fr-CA', body: { login: { title: 'Bonjour' } } },
    expect: { method: 'PUT', path: '/api/v2/prompts/login/custom-text/fr-CA', body: { login: { title: 'Bonjour' } } },
    sdk: (c) => c.prompts.customText.set('login', 'fr-CA', { login: { title: 'Bonjour' } }),
  },

  // ── emails (provider) and email_templates ─────────────────────────────
  {
    group: emailsGroup,
    op: 'config',
    values: { body: { name: 'smtp', enabled: true, credentials: { smtp_host: 'smtp.example.com' } } },
    expect: { method: 'POST', path: '/api/v2/emails/provider', body: { name: 'smtp', enabled: true, credentials: { smtp_host: 'smtp.example.com' } } },
    sdk: (c) => c.emails.provider.create({ name: 'smtp', enabled: true, credentials: { smtp_host: 'smtp.example.com' } }),
  },
  {
    group: emailsGroup,
    op: 'get',
    values: {},
    expect: { method: 'GET', path: '/api/v2/emails/provider', query: { include_fields: 'true' } },
    sdk: (c) => c.emails.provider.get({ include_fields: true }),
  },
  {
    group: emailsGroup,
    op: 'update',
    values: { body: { enabled: false } },
    expect: { method: 'PATCH', path: '/api/v2/emails/provider', body: { enabled: false } },
    sdk: (c) => c.emails.provider.update({ enabled: false }),
  },
  {
    group: emailsGroup,
    op: 'delete',
    values: {},
    expect: { method: 'DELETE', path: '/api/v2/emails/provider' },
    sdk: (c) => c.emails.provider.delete(),
  },
  {
    group: emailTemplatesGroup,
    op: 'create',
    values: { body: { template: 'verify_email', body: '<p>Hi</p>', from: 'noreply@example.com', subject: 'Verify', syntax: 'liquid', enabled: true } },
    expect: {
      method: 'POST',
      path: '/api/v2/email-templates',
      body: { template: 'verify_email', body: '<p>Hi</p>', from: 'noreply@example.com', subject: 'Verify', syntax: 'liquid', enabled: true },
    },
    sdk: (c) =>
      c.emailTemplates.create({ template: 'verify_email', body: '<p>Hi</p>', from: 'noreply@example.com', subject: 'Verify', syntax: 'liquid', enabled: true }),
  },
  {
    group: emailTemplatesGroup,
    op: 'get',
    values: { template_name: 'reset_email' },
    expect: { method: 'GET', path: '/api/v2/email-templates/reset_email' },
    sdk: (c) => c.emailTemplates.get('reset_email'),
  },
  {
    group: emailTemplatesGroup,
    op: 'update',
    values: { template_name: 'welcome_email', body: { enabled: false } },
    expect: { method: 'PATCH', path: '/api/v2/email-templates/welcome_email', body: { enabled: false } },
    sdk: (c) => c.emailTemplates.update('welcome_email', { enabled: false }),
  },
  // ── experimentation (today's Auth0) ──
  {
    group: experimentationGroup,
    op: 'list_experiments',
    values: { from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/experimentation/experiments`, query: { from: 'cp_1', take: '10' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'create_experiment',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/experimentation/experiments`, body: { name: 'x' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'get_experiment',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/experimentation/experiments/${E}` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'update_experiment',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/experimentation/experiments/${E}`, body: { name: 'x' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'delete_experiment',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/experimentation/experiments/${E}` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'update_experiment_status',
    values: { id: ODD, status: 'active' },
    expect: { method: 'POST', path: `/api/v2/experimentation/experiments/${E}/status`, body: { status: 'active' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'validate_experiment',
    values: { id: ODD },
    expect: { method: 'POST', path: `/api/v2/experimentation/experiments/${E}/validate` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'list_feature_flags',
    values: { from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/experimentation/feature-flags`, query: { from: 'cp_1', take: '10' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'create_feature_flag',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/experimentation/feature-flags`, body: { name: 'x' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'get_feature_flag',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/experimentation/feature-flags/${E}` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'update_feature_flag',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/experimentation/feature-flags/${E}`, body: { name: 'x' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'delete_feature_flag',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/experimentation/feature-flags/${E}` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'update_feature_flag_status',
    values: { id: ODD, status: 'active' },
    expect: { method: 'POST', path: `/api/v2/experimentation/feature-flags/${E}/status`, body: { status: 'active' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'list_variations',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/experimentation/feature-flags/${E}/variations` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'create_variation',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/experimentation/feature-flags/${E}/variations`, body: { name: 'x' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'get_variation',
    values: { id: ODD, vid: 'x/1' },
    expect: { method: 'GET', path: `/api/v2/experimentation/feature-flags/${E}/variations/x%2F1` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'update_variation',
    values: { id: ODD, vid: 'x/1', body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/experimentation/feature-flags/${E}/variations/x%2F1`, body: { name: 'x' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'delete_variation',
    values: { id: ODD, vid: 'x/1' },
    expect: { method: 'DELETE', path: `/api/v2/experimentation/feature-flags/${E}/variations/x%2F1` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'list_segments',
    values: { from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/experimentation/segments`, query: { from: 'cp_1', take: '10' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'create_segment',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/experimentation/segments`, body: { name: 'x' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'get_segment',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/experimentation/segments/${E}` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'update_segment',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/experimentation/segments/${E}`, body: { name: 'x' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'delete_segment',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/experimentation/segments/${E}` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
];
