/**
 * Request cases for the groups beyond the specification that this file's nodes add: auth0-actions,
 * auth0-sessions, auth0-refresh-tokens and the users offboarding operations (sessions, refresh
 * tokens, revoke-access, authentication methods). Part of the table in cases/index.ts; each names the official
 * SDK (v7) call that sends the same request.
 *
 * Only types come from shared.ts; the constants are its own.
 */
import type { RequestCase } from './shared';
import { actionsGroup } from '../../../nodes/actions/actions.catalogue';
import { refreshTokensGroup } from '../../../nodes/sessions/refresh-tokens.catalogue';
import { sessionsGroup } from '../../../nodes/sessions/sessions.catalogue';
import { usersGroup } from '../../../nodes/users/users.catalogue';

export const ACTIONS_OFFBOARDING_GROUPS = [actionsGroup, sessionsGroup, refreshTokensGroup];

const ODD = 'auth0|a/b?c#d %';
const E = 'auth0%7Ca%2Fb%3Fc%23d%20%25';
const V = 'ver/1';
const VE = 'ver%2F1';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const NONE = null as any;
const CODE = 'exports.onExecutePostLogin = async (event, api) => {};';
const BINDINGS = { bindings: [{ ref: { type: 'action_name' as const, value: 'tag-user' }, display_name: 'tag user' }] };

export const ACTIONS_OFFBOARDING_CASES: readonly RequestCase[] = [
  // ── actions ───────────────────────────────────────────────────────────
  {
    group: actionsGroup,
    op: 'get_actions',
    values: {},
    expect: { method: 'GET', path: '/api/v2/actions/actions' },
    sdk: (c) => c.actions.list({ page: NONE, per_page: NONE }),
  },
  {
    group: actionsGroup,
    op: 'get_actions',
    values: { trigger_id: 'post-login', action_name: 'tag user', deployed: 'true', installed: false, page: 1, per_page: 5 },
    expect: {
      method: 'GET',
      path: '/api/v2/actions/actions',
      query: { triggerId: 'post-login', actionName: 'tag user', deployed: 'true', installed: 'false', page: '1', per_page: '5' },
    },
    sdk: (c) => c.actions.list({ triggerId: 'post-login', actionName: 'tag user', deployed: true, installed: false, page: 1, per_page: 5 }),
  },
  {
    group: actionsGroup,
    op: 'create_action',
    values: { body: { name: 'tag-user', supported_triggers: [{ id: 'post-login', version: 'v3' }], code: CODE } },
    expect: {
      method: 'POST',
      path: '/api/v2/actions/actions',
      body: { name: 'tag-user', supported_triggers: [{ id: 'post-login', version: 'v3' }], code: CODE },
    },
    sdk: (c) => c.actions.create({ name: 'tag-user', supported_triggers: [{ id: 'post-login', version: 'v3' }], code: CODE }),
  },
  {
    group: actionsGroup,
    op: 'get_action',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/actions/actions/${E}` },
    sdk: (c) => c.actions.get(ODD),
  },
  {
    group: actionsGroup,
    op: 'update_action',
    values: { id: ODD, body: { code: CODE } },
    expect: { method: 'PATCH', path: `/api/v2/actions/actions/${E}`, body: { code: CODE } },
    sdk: (c) => c.actions.update(ODD, { code: CODE }),
  },
  {
    group: actionsGroup,
    op: 'delete_action',
    values: { id: ODD, force: true },
    expect: { method: 'DELETE', path: `/api/v2/actions/actions/${E}`, query: { force: 'true' } },
    sdk: (c) => c.actions.delete(ODD, { force: true }),
  },
  {
    group: actionsGroup,
    op: 'deploy_action',
    values: { id: ODD },
    expect: { method: 'POST', path: `/api/v2/actions/actions/${E}/deploy` },
    sdk: (c) => c.actions.deploy(ODD),
  },
  {
    group: actionsGroup,
    op: 'test_action',
    values: { id: ODD, payload: { user: { user_id: 'auth0|1' } } },
    expect: { method: 'POST', path: `/api/v2/actions/actions/${E}/test`, body: { payload: { user: { user_id: 'auth0|1' } } } },
    sdk: (c) => c.actions.test(ODD, { payload: { user: { user_id: 'auth0|1' } } }),
  },
  {
    group: actionsGroup,
    op: 'get_action_versions',
    values: { id: ODD, page: 0, per_page: 10 },
    expect: { method: 'GET', path: `/api/v2/actions/actions/${E}/versions`, query: { page: '0', per_page: '10' } },
    sdk: (c) => c.actions.versions.list(ODD, { page: 0, per_page: 10 }),
  },
  {
    group: actionsGroup,
    op: 'get_action_version',
    values: { action_id: ODD, version_id: V },
    expect: { method: 'GET', path: `/api/v2/actions/actions/${E}/versions/${VE}` },
    sdk: (c) => c.actions.versions.get(ODD, V),
  },
  {
    group: actionsGroup,
    op: 'rollback_action_version',
    values: { action_id: ODD, version_id: V, update_draft: true },
    expect: { method: 'POST', path: `/api/v2/actions/actions/${E}/versions/${VE}/deploy`, body: { update_draft: true } },
    sdk: (c) => c.actions.versions.deploy(ODD, V, { update_draft: true }),
  },
  {
    group: actionsGroup,
    op: 'get_triggers',
    values: {},
    expect: { method: 'GET', path: '/api/v2/actions/triggers' },
    sdk: (c) => c.actions.triggers.list(),
  },
  {
    group: actionsGroup,
    op: 'get_trigger_bindings',
    values: { id: 'post-login', page: 0, per_page: 20 },
    expect: { method: 'GET', path: '/api/v2/actions/triggers/post-login/bindings', query: { page: '0', per_page: '20' } },
    sdk: (c) => c.actions.triggers.bindings.list('post-login', { page: 0, per_page: 20 }),
  },
  {
    group: actionsGroup,
    op: 'update_trigger_bindings',
    values: { id: 'post-login', body: BINDINGS },
    expect: { method: 'PATCH', path: '/api/v2/actions/triggers/post-login/bindings', body: BINDINGS },
    sdk: (c) => c.actions.triggers.bindings.updateMany('post-login', BINDINGS),
  },
  {
    group: actionsGroup,
    op: 'get_execution',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/actions/executions/${E}` },
    sdk: (c) => c.actions.executions.get(ODD),
  },
  {
    // The executor's last request: the merged list written back (test/actions checks every step).
    group: actionsGroup,
    op: 'deploy_and_bind',
    values: { trigger: 'post-login', name: 'tag-user', code: CODE, secrets: { API_KEY: 'k' } },
    expect: { method: 'PATCH', path: '/api/v2/actions/triggers/post-login/bindings' },
    source: 'the deploy_and_bind executor (nodes/actions/deploy-and-bind.ts), whose every request test/actions checks',
  },
  {
    group: actionsGroup,
    op: 'get_modules',
    values: { page: 0, per_page: 5 },
    expect: { method: 'GET', path: '/api/v2/actions/modules', query: { page: '0', per_page: '5' } },
    sdk: (c) => c.actions.modules.list({ page: 0, per_page: 5 }),
  },
  {
    group: actionsGroup,
    op: 'create_module',
    values: { body: { name: 'shared', code: 'module.exports = {};' } },
    expect: { method: 'POST', path: '/api/v2/actions/modules', body: { name: 'shared', code: 'module.exports = {};' } },
    sdk: (c) => c.actions.modules.create({ name: 'shared', code: 'module.exports = {};' }),
  },
  {
    group: actionsGroup,
    op: 'get_module',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/actions/modules/${E}` },
    sdk: (c) => c.actions.modules.get(ODD),
  },
  {
    group: actionsGroup,
    op: 'update_module',
    values: { id: ODD, body: { code: 'module.exports = 1;' } },
    expect: { method: 'PATCH', path: `/api/v2/actions/modules/${E}`, body: { code: 'module.exports = 1;' } },
    sdk: (c) => c.actions.modules.update(ODD, { code: 'module.exports = 1;' }),
  },
  {
    group: actionsGroup,
    op: 'delete_module',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/actions/modules/${E}` },
    sdk: (c) => c.actions.modules.delete(ODD),
  },
  {
    group: actionsGroup,
    op: 'get_module_actions',
    values: { id: ODD, page: 1, per_page: 2 },
    expect: { method: 'GET', path: `/api/v2/actions/modules/${E}/actions`, query: { page: '1', per_page: '2' } },
    sdk: (c) => c.actions.modules.listActions(ODD, { page: 1, per_page: 2 }),
  },
  {
    group: actionsGroup,
    op: 'rollback_module',
    values: { id: ODD, module_version_id: 'mv_1' },
    expect: { method: 'POST', path: `/api/v2/actions/modules/${E}/rollback`, body: { module_version_id: 'mv_1' } },
    sdk: (c) => c.actions.modules.rollback(ODD, { module_version_id: 'mv_1' }),
  },
  {
    group: actionsGroup,
    op: 'get_module_versions',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/actions/modules/${E}/versions` },
    sdk: (c) => c.actions.modules.versions.list(ODD, { page: NONE, per_page: NONE }),
  },
  {
    group: actionsGroup,
    op: 'create_module_version',
    values: { id: ODD },
    expect: { method: 'POST', path: `/api/v2/actions/modules/${E}/versions` },
    sdk: (c) => c.actions.modules.versions.create(ODD),
  },
  {
    group: actionsGroup,
    op: 'get_module_version',
    values: { id: ODD, version_id: V },
    expect: { method: 'GET', path: `/api/v2/actions/modules/${E}/versions/${VE}` },
    sdk: (c) => c.actions.modules.versions.get(ODD, V),
  },
  // ── sessions ──────────────────────────────────────────────────────────
  {
    group: sessionsGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/sessions/${E}` },
    sdk: (c) => c.sessions.get(ODD),
  },
  {
    group: sessionsGroup,
    op: 'update',
    values: { id: ODD, session_metadata: { device: 'kiosk' } },
    expect: { method: 'PATCH', path: `/api/v2/sessions/${E}`, body: { session_metadata: { device: 'kiosk' } } },
    sdk: (c) => c.sessions.update(ODD, { session_metadata: { device: 'kiosk' } }),
  },
  {
    group: sessionsGroup,
    op: 'revoke',
    values: { id: ODD },
    expect: { method: 'POST', path: `/api/v2/sessions/${E}/revoke` },
    sdk: (c) => c.sessions.revoke(ODD),
  },
  {
    group: sessionsGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/sessions/${E}` },
    sdk: (c) => c.sessions.delete(ODD),
  },
  // ── refresh tokens ────────────────────────────────────────────────────
  {
    group: refreshTokensGroup,
    op: 'list',
    values: { user_id: ODD, client_id: 'cli_1', from_param: 'rt_5', take: 10 },
    expect: { method: 'GET', path: '/api/v2/refresh-tokens', query: { user_id: ODD, client_id: 'cli_1', from: 'rt_5', take: '10' } },
    sdk: (c) => c.refreshTokens.list({ user_id: ODD, client_id: 'cli_1', from: 'rt_5', take: 10 }),
  },
  {
    group: refreshTokensGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/refresh-tokens/${E}` },
    sdk: (c) => c.refreshTokens.get(ODD),
  },
  {
    group: refreshTokensGroup,
    op: 'update',
    values: { id: ODD, refresh_token_metadata: { reason: 'kiosk' } },
    expect: { method: 'PATCH', path: `/api/v2/refresh-tokens/${E}`, body: { refresh_token_metadata: { reason: 'kiosk' } } },
    sdk: (c) => c.refreshTokens.update(ODD, { refresh_token_metadata: { reason: 'kiosk' } }),
  },
  {
    group: refreshTokensGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/refresh-tokens/${E}` },
    sdk: (c) => c.refreshTokens.delete(ODD),
  },
  {
    group: refreshTokensGroup,
    op: 'revoke',
    values: { user_id: ODD, client_id: 'cli_1' },
    expect: { method: 'POST', path: '/api/v2/refresh-tokens/revoke', body: { user_id: ODD, client_id: 'cli_1' } },
    sdk: (c) => c.refreshTokens.revoke({ user_id: ODD, client_id: 'cli_1' }),
  },
  {
    group: refreshTokensGroup,
    op: 'revoke',
    values: { ids: 'rt_1, rt_2' },
    expect: { method: 'POST', path: '/api/v2/refresh-tokens/revoke', body: { ids: ['rt_1', 'rt_2'] } },
    sdk: (c) => c.refreshTokens.revoke({ ids: ['rt_1', 'rt_2'] }),
  },
  // ── users: sessions, refresh tokens, revoke-access, authentication methods ──
  {
    group: usersGroup,
    op: 'get_sessions',
    values: { user_id: ODD, from_param: 's_1', take: 5, include_totals: true },
    expect: { method: 'GET', path: `/api/v2/users/${E}/sessions`, query: { include_totals: 'true', from: 's_1', take: '5' } },
    sdk: (c) => c.users.sessions.list(ODD, { include_totals: true, from: 's_1', take: 5 }),
  },
  {
    group: usersGroup,
    op: 'delete_sessions',
    values: { user_id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/users/${E}/sessions` },
    sdk: (c) => c.users.sessions.delete(ODD),
  },
  {
    group: usersGroup,
    op: 'get_refresh_tokens',
    values: { user_id: ODD },
    expect: { method: 'GET', path: `/api/v2/users/${E}/refresh-tokens` },
    sdk: (c) => c.users.refreshToken.list(ODD, { include_totals: NONE, take: NONE }),
  },
  {
    group: usersGroup,
    op: 'delete_refresh_tokens',
    values: { user_id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/users/${E}/refresh-tokens` },
    sdk: (c) => c.users.refreshToken.delete(ODD),
  },
  {
    group: usersGroup,
    op: 'revoke_access',
    values: { id: ODD, session_id: 'ses_1', preserve_refresh_tokens: 'true' },
    expect: { method: 'POST', path: `/api/v2/users/${E}/revoke-access`, body: { session_id: 'ses_1', preserve_refresh_tokens: true } },
    sdk: (c) => c.users.revokeAccess(ODD, { session_id: 'ses_1', preserve_refresh_tokens: true }),
  },
  {
    group: usersGroup,
    op: 'get_authentication_methods',
    values: { user_id: ODD, page: 0, per_page: 10, include_totals: true },
    expect: { method: 'GET', path: `/api/v2/users/${E}/authentication-methods`, query: { page: '0', per_page: '10', include_totals: 'true' } },
    sdk: (c) => c.users.authenticationMethods.list(ODD, { page: 0, per_page: 10, include_totals: true }),
  },
  {
    group: usersGroup,
    op: 'get_authentication_method_by_id',
    values: { user_id: ODD, authentication_method_id: V },
    expect: { method: 'GET', path: `/api/v2/users/${E}/authentication-methods/${VE}` },
    sdk: (c) => c.users.authenticationMethods.get(ODD, V),
  },
  {
    group: usersGroup,
    op: 'create_authentication_method',
    values: { user_id: ODD, body: { type: 'phone', phone_number: '+15551234567' } },
    expect: { method: 'POST', path: `/api/v2/users/${E}/authentication-methods`, body: { type: 'phone', phone_number: '+15551234567' } },
    sdk: (c) => c.users.authenticationMethods.create(ODD, { type: 'phone', phone_number: '+15551234567' }),
  },
  {
    group: usersGroup,
    op: 'update_authentication_methods',
    values: { user_id: ODD, body: [{ type: 'email', email: 'a@example.com' }] },
    expect: { method: 'PUT', path: `/api/v2/users/${E}/authentication-methods`, body: [{ type: 'email', email: 'a@example.com' }] },
    sdk: (c) => c.users.authenticationMethods.set(ODD, [{ type: 'email', email: 'a@example.com' }]),
  },
  {
    group: usersGroup,
    op: 'update_authentication_method_by_id',
    values: { user_id: ODD, authentication_method_id: V, body: { name: 'work phone' } },
    expect: { method: 'PATCH', path: `/api/v2/users/${E}/authentication-methods/${VE}`, body: { name: 'work phone' } },
    sdk: (c) => c.users.authenticationMethods.update(ODD, V, { name: 'work phone' }),
  },
  {
    group: usersGroup,
    op: 'delete_authentication_methods',
    values: { user_id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/users/${E}/authentication-methods` },
    sdk: (c) => c.users.authenticationMethods.deleteAll(ODD),
  },
  {
    group: usersGroup,
    op: 'delete_authentication_method_by_id',
    values: { user_id: ODD, authentication_method_id: V },
    expect: { method: 'DELETE', path: `/api/v2/users/${E}/authentication-methods/${VE}` },
    sdk: (c) => c.users.authenticationMethods.delete(ODD, V),
  },
];
