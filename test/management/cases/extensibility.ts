/**
 * Request cases for the extensibility family (nodes/extensibility/): flows, forms, hooks, rules-configs, rules.
 */
import type { RequestCase } from './shared';
import { NONE, raw, q, ODD, E } from './shared';
import { flowsGroup } from '../../../nodes/extensibility/flows.catalogue';
import { formsGroup } from '../../../nodes/extensibility/forms.catalogue';
import { hooksGroup } from '../../../nodes/extensibility/hooks.catalogue';
import { rulesConfigsGroup } from '../../../nodes/extensibility/rules-configs.catalogue';
import { rulesGroup } from '../../../nodes/extensibility/rules.catalogue';

export const EXTENSIBILITY_CASES: readonly RequestCase[] = [
  // ── rules, rules_configs, hooks ───────────────────────────────────────
  {
    group: rulesGroup,
    op: 'all',
    values: {},
    expect: {
      method: 'GET',
      path: '/api/v2/rules',
      query: { enabled: 'true', include_fields: 'true', include_totals: 'false' },
    },
    // stage only when set: Auth0's description of GET /rules no longer has it.
    sdk: (c) => c.rules.list({ enabled: true, include_fields: true, include_totals: false, page: NONE, per_page: NONE }),
  },
  {
    group: rulesGroup,
    op: 'all',
    values: { stage: 'login_failure', enabled: false, fields: ['name', 'script'], page: 1, per_page: 10, include_totals: true },
    expect: {
      method: 'GET',
      path: '/api/v2/rules',
      query: { stage: 'login_failure', enabled: 'false', fields: 'name,script', include_fields: 'true', page: '1', per_page: '10', include_totals: 'true' },
    },
    sdk: (c) =>
      c.rules.list({ enabled: false, fields: 'name,script', include_fields: true, page: 1, per_page: 10, include_totals: true }, q({ stage: 'login_failure' })),
  },
  {
    group: rulesGroup,
    op: 'create',
    values: { body: { name: 'add-claims', script: 'function (u, c, cb) { cb(null, u, c); }' } },
    expect: { method: 'POST', path: '/api/v2/rules', body: { name: 'add-claims', script: 'function (u, c, cb) { cb(null, u, c); }' } },
    sdk: (c) => c.rules.create({ name: 'add-claims', script: 'function (u, c, cb) { cb(null, u, c); }' }),
  },
  {
    group: rulesGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/rules/${E}`, query: { include_fields: 'true' } },
    sdk: (c) => c.rules.get(ODD, { include_fields: true }),
  },
  {
    group: rulesGroup,
    op: 'update',
    values: { id: ODD, body: { enabled: false } },
    expect: { method: 'PATCH', path: `/api/v2/rules/${E}`, body: { enabled: false } },
    sdk: (c) => c.rules.update(ODD, { enabled: false }),
  },
  {
    group: rulesGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/rules/${E}` },
    sdk: (c) => c.rules.delete(ODD),
  },
  {
    group: rulesConfigsGroup,
    op: 'all',
    values: {},
    expect: { method: 'GET', path: '/api/v2/rules-configs' },
    sdk: (c) => c.rulesConfigs.list(),
  },
  {
    group: rulesConfigsGroup,
    op: 'set',
    values: { key: 'API_KEY', value: 's3cr3t' },
    expect: { method: 'PUT', path: '/api/v2/rules-configs/API_KEY', body: { value: 's3cr3t' } },
    sdk: (c) => c.rulesConfigs.set('API_KEY', { value: 's3cr3t' }),
  },
  {
    group: rulesConfigsGroup,
    op: 'unset',
    values: { key: 'API_KEY' },
    expect: { method: 'DELETE', path: '/api/v2/rules-configs/API_KEY' },
    sdk: (c) => c.rulesConfigs.delete('API_KEY'),
  },
  {
    group: hooksGroup,
    op: 'all',
    values: {},
    expect: { method: 'GET', path: '/api/v2/hooks', query: { enabled: 'true', include_fields: 'true', include_totals: 'false' } },
    // v7 has no include_fields argument for hooks; it is py4's hooks.all.
    sdk: (c) => c.hooks.list({ enabled: true, include_totals: false, page: NONE, per_page: NONE }, q({ include_fields: true })),
  },
  {
    group: hooksGroup,
    op: 'all',
    values: { enabled: 'false', page: 0, per_page: 2 },
    expect: {
      method: 'GET',
      path: '/api/v2/hooks',
      query: { enabled: 'false', include_fields: 'true', page: '0', per_page: '2', include_totals: 'false' },
    },
    sdk: (c) => c.hooks.list({ enabled: false, include_totals: false, page: 0, per_page: 2 }, q({ include_fields: true })),
  },
  {
    group: hooksGroup,
    op: 'all',
    values: { trigger_id: 'post-user-registration' },
    expect: {
      method: 'GET',
      path: '/api/v2/hooks',
      query: { enabled: 'true', triggerId: 'post-user-registration', include_fields: 'true', include_totals: 'false' },
    },
    sdk: (c) =>
      c.hooks.list({ enabled: true, triggerId: 'post-user-registration', include_totals: false, page: NONE, per_page: NONE }, q({ include_fields: true })),
  },
  {
    group: hooksGroup,
    op: 'create',
    values: { body: { name: 'cc', script: 'module.exports = () => {}', triggerId: 'credentials-exchange' } },
    expect: { method: 'POST', path: '/api/v2/hooks', body: { name: 'cc', script: 'module.exports = () => {}', triggerId: 'credentials-exchange' } },
    sdk: (c) => c.hooks.create({ name: 'cc', script: 'module.exports = () => {}', triggerId: 'credentials-exchange' }),
  },
  {
    group: hooksGroup,
    op: 'get',
    values: { id: ODD, fields: ['name', 'script'] },
    expect: { method: 'GET', path: `/api/v2/hooks/${E}`, query: { fields: 'name,script' } },
    sdk: (c) => c.hooks.get(ODD, { fields: 'name,script' }),
  },
  {
    group: hooksGroup,
    op: 'update',
    values: { id: ODD, body: { enabled: true } },
    expect: { method: 'PATCH', path: `/api/v2/hooks/${E}`, body: { enabled: true } },
    sdk: (c) => c.hooks.update(ODD, { enabled: true }),
  },
  {
    group: hooksGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/hooks/${E}` },
    sdk: (c) => c.hooks.delete(ODD),
  },
  {
    group: hooksGroup,
    op: 'add_secrets',
    values: { id: ODD, body: { API_KEY: 'k1' } },
    expect: { method: 'POST', path: `/api/v2/hooks/${E}/secrets`, body: { API_KEY: 'k1' } },
    sdk: (c) => c.hooks.secrets.create(ODD, { API_KEY: 'k1' }),
  },
  {
    group: hooksGroup,
    op: 'get_secrets',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/hooks/${E}/secrets` },
    sdk: (c) => c.hooks.secrets.get(ODD),
  },
  {
    group: hooksGroup,
    op: 'update_secrets',
    values: { id: ODD, body: { API_KEY: 'k2' } },
    expect: { method: 'PATCH', path: `/api/v2/hooks/${E}/secrets`, body: { API_KEY: 'k2' } },
    sdk: (c) => c.hooks.secrets.update(ODD, { API_KEY: 'k2' }),
  },
  {
    group: hooksGroup,
    op: 'delete_secrets',
    values: { id: ODD, body: 'API_KEY, OTHER' },
    expect: { method: 'DELETE', path: `/api/v2/hooks/${E}/secrets`, body: ['API_KEY', 'OTHER'] },
    sdk: (c) => c.hooks.secrets.delete(ODD, ['API_KEY', 'OTHER']),
  },
  // ── forms (today's Auth0) ──
  {
    group: formsGroup,
    op: 'list',
    values: {},
    expect: { method: 'GET', path: `/api/v2/forms` },
    sdk: (c) => c.forms.list({ include_totals: NONE, page: NONE, per_page: NONE }),
  },
  {
    group: formsGroup,
    op: 'create',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/forms`, body: { name: 'x' } },
    sdk: (c) => c.forms.create({ name: 'x' }),
  },
  {
    group: formsGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/forms/${E}` },
    sdk: (c) => c.forms.get(ODD),
  },
  {
    group: formsGroup,
    op: 'update',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/forms/${E}`, body: { name: 'x' } },
    sdk: (c) => c.forms.update(ODD, { name: 'x' }),
  },
  {
    group: formsGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/forms/${E}` },
    sdk: (c) => c.forms.delete(ODD),
  },
  // ── flows (today's Auth0) ──
  {
    group: flowsGroup,
    op: 'list',
    values: {},
    expect: { method: 'GET', path: `/api/v2/flows` },
    sdk: (c) => c.flows.list({ include_totals: NONE, page: NONE, per_page: NONE }),
  },
  {
    group: flowsGroup,
    op: 'create',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/flows`, body: { name: 'x' } },
    sdk: (c) => c.flows.create({ name: 'x' }),
  },
  {
    group: flowsGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/flows/${E}` },
    sdk: (c) => c.flows.get(ODD),
  },
  {
    group: flowsGroup,
    op: 'update',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/flows/${E}`, body: { name: 'x' } },
    sdk: (c) => c.flows.update(ODD, { name: 'x' }),
  },
  {
    group: flowsGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/flows/${E}` },
    sdk: (c) => c.flows.delete(ODD),
  },
  {
    group: flowsGroup,
    op: 'list_executions',
    values: { flow_id: ODD, from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/flows/${E}/executions`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.flows.executions.list(ODD, { from: 'cp_1', take: 10, include_totals: NONE }),
  },
  {
    group: flowsGroup,
    op: 'get_execution',
    values: { flow_id: ODD, execution_id: 'x/1' },
    expect: { method: 'GET', path: `/api/v2/flows/${E}/executions/x%2F1` },
    sdk: (c) => c.flows.executions.get(ODD, 'x/1'),
  },
  {
    group: flowsGroup,
    op: 'delete_execution',
    values: { flow_id: ODD, execution_id: 'x/1' },
    expect: { method: 'DELETE', path: `/api/v2/flows/${E}/executions/x%2F1` },
    sdk: (c) => c.flows.executions.delete(ODD, 'x/1'),
  },
  {
    group: flowsGroup,
    op: 'list_vault_connections',
    values: {},
    expect: { method: 'GET', path: `/api/v2/flows/vault/connections` },
    sdk: (c) => c.flows.vault.connections.list({ include_totals: NONE, page: NONE, per_page: NONE }),
  },
  {
    group: flowsGroup,
    op: 'create_vault_connection',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/flows/vault/connections`, body: { name: 'x' } },
    sdk: (c) => c.flows.vault.connections.create(raw({ name: 'x' })),
  },
  {
    group: flowsGroup,
    op: 'get_vault_connection',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/flows/vault/connections/${E}` },
    sdk: (c) => c.flows.vault.connections.get(ODD),
  },
  {
    group: flowsGroup,
    op: 'update_vault_connection',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/flows/vault/connections/${E}`, body: { name: 'x' } },
    sdk: (c) => c.flows.vault.connections.update(ODD, { name: 'x' }),
  },
  {
    group: flowsGroup,
    op: 'delete_vault_connection',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/flows/vault/connections/${E}` },
    sdk: (c) => c.flows.vault.connections.delete(ODD),
  },
];
