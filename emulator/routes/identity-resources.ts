/**
 * The plain groups of today's Auth0, declared as data (see resources.ts): connection, user-attribute
 * and token-exchange profiles, verification templates, agents, forms, flows with their executions
 * and vault connections, and experimentation's feature flags, variations, segments and experiments.
 * What needs more than storage (profile templates, experiment status, flow executions' parent) is
 * written here in a few lines beside its declaration.
 */
import { badRequest, notFound } from '../core/errors';
import type { JsonRecord } from '../core/collection';
import type { RoutesModule, Tenant } from '../core/types';
import { bodyObject, checkBody, clone } from './group-helpers';
import { registerResources, type ResourceSpec } from './resources';

const exists = (collection: string) => (tenant: Tenant, id: string) => tenant.state.collection(collection).has(id);

/** Ready-made templates Auth0 offers for connection and user attribute profiles (read-only). */
const CONNECTION_PROFILE_TEMPLATES: readonly JsonRecord[] = [
  {
    id: 'cpt_okta',
    display_name: 'Okta Workforce',
    template: { name: 'okta-workforce', enabled_features: ['scim'], connection_name_prefix_template: 'okta-{org_name}' },
  },
  {
    id: 'cpt_entra',
    display_name: 'Microsoft Entra ID',
    template: { name: 'entra-id', enabled_features: ['scim'], connection_name_prefix_template: 'entra-{org_name}' },
  },
];
const USER_ATTRIBUTE_PROFILE_TEMPLATES: readonly JsonRecord[] = [
  {
    id: 'uapt_basic',
    display_name: 'Basic profile',
    template: {
      name: 'basic',
      user_id: { oidc_mapping: 'sub' },
      user_attributes: { email: { label: 'E-mail', profile_required: true, auth0_mapping: 'email' } },
    },
  },
];

const checkpoint = (itemsKey: string) => ({ shape: 'checkpoint' as const, itemsKey });
const offset = (itemsKey: string) => ({ shape: 'offset' as const, itemsKey });
const crudScopes = (noun: string) => ({
  list: `read:${noun}`,
  create: `create:${noun}`,
  get: `read:${noun}`,
  update: `update:${noun}`,
  delete: `delete:${noun}`,
});

const EXPERIMENT_STATUSES = ['draft', 'active', 'paused', 'completed', 'archived'];
const FLAG_STATUSES = ['draft', 'active', 'archived'];

export const RESOURCES: readonly ResourceSpec[] = [
  {
    name: 'connection-profiles',
    path: '/api/v2/connection-profiles',
    idPrefix: 'cop',
    scopes: crudScopes('connection_profiles'),
    list: checkpoint('connection_profiles'),
    create: { types: {}, required: ['name'], closed: false },
    unique: 'name',
    notFound: { message: 'The connection profile does not exist.', errorCode: 'connection_profile_not_found' },
  },
  {
    name: 'user-attribute-profiles',
    path: '/api/v2/user-attribute-profiles',
    idPrefix: 'uap',
    scopes: crudScopes('user_attribute_profiles'),
    list: checkpoint('user_attribute_profiles'),
    create: { types: {}, required: ['name', 'user_attributes'], closed: false },
    unique: 'name',
    notFound: { message: 'The user attribute profile does not exist.', errorCode: 'user_attribute_profile_not_found' },
  },
  {
    name: 'token-exchange-profiles',
    path: '/api/v2/token-exchange-profiles',
    idPrefix: 'tep',
    scopes: crudScopes('token_exchange_profiles'),
    list: checkpoint('token_exchange_profiles'),
    timestamps: true,
    create: {
      types: { name: 'string', subject_token_type: 'string', action_id: 'string', type: 'string' },
      required: ['name', 'subject_token_type', 'action_id', 'type'],
      enums: { type: ['custom_authentication'] },
    },
    update: { types: { name: 'string', subject_token_type: 'string' } },
    unique: 'subject_token_type',
    notFound: { message: 'The token exchange profile does not exist.', errorCode: 'token_exchange_profile_not_found' },
  },
  {
    name: 'vdcs-templates',
    path: '/api/v2/verifiable-credentials/verification/templates',
    idPrefix: 'vct',
    scopes: crudScopes('vdcs_templates'),
    list: checkpoint('templates'),
    timestamps: true,
    create: {
      types: {
        name: 'string',
        type: 'string',
        dialect: 'string',
        presentation: 'object',
        custom_certificate_authority: ['string', 'null'],
        well_known_trusted_issuers: 'string',
      },
      required: ['name', 'dialect', 'presentation', 'type', 'well_known_trusted_issuers'],
    },
    notFound: { message: 'The verification template does not exist.', errorCode: 'inexistent_template' },
  },
  {
    name: 'agents',
    path: '/api/v2/agents',
    idPrefix: 'agt',
    scopes: crudScopes('agents'),
    list: offset('agents'),
    timestamps: true,
    create: { types: {}, required: ['name'], closed: false },
    notFound: { message: 'The agent does not exist.', errorCode: 'inexistent_agent' },
  },
  {
    name: 'forms',
    path: '/api/v2/forms',
    idPrefix: 'ap',
    scopes: crudScopes('forms'),
    list: offset('forms'),
    timestamps: true,
    create: {
      types: {
        name: 'string',
        messages: 'object',
        languages: 'object',
        translations: 'object',
        nodes: 'array',
        start: 'object',
        ending: 'object',
        style: 'object',
      },
      required: ['name'],
    },
    notFound: { message: 'The form does not exist.', errorCode: 'form_not_found' },
  },
  {
    name: 'flows',
    path: '/api/v2/flows',
    idPrefix: 'af',
    scopes: crudScopes('flows'),
    list: offset('flows'),
    timestamps: true,
    create: { types: { name: 'string', actions: 'array' }, required: ['name'], defaults: { actions: [] } },
    update: { types: { name: 'string', actions: ['array', 'null'] } },
    notFound: { message: 'The flow does not exist.', errorCode: 'flow_not_found' },
  },
  {
    // Executions are written by running flows (seeded in the emulator); the API reads and deletes them.
    name: 'flow-executions',
    path: '/api/v2/flows/:id/executions',
    idParam: 'execution_id',
    idPrefix: 'afe',
    scopes: { list: 'read:flows_executions', get: 'read:flows_executions', delete: 'delete:flows_executions' },
    list: { shape: 'offset-or-checkpoint', itemsKey: 'executions' },
    parent: { param: 'id', exists: exists('flows'), notFound: 'The flow does not exist.' },
    notFound: { message: 'The flow execution does not exist.', errorCode: 'flow_execution_not_found' },
  },
  {
    name: 'flows-vault-connections',
    path: '/api/v2/flows/vault/connections',
    idPrefix: 'ac',
    scopes: crudScopes('flows_vault_connections'),
    list: offset('connections'),
    timestamps: true,
    writeOnly: ['setup'],
    create: { types: { name: 'string', app_id: 'string', environment: 'string', setup: 'object' }, required: ['name', 'app_id'], defaults: { ready: true } },
    update: { types: { name: 'string', setup: 'object' } },
    notFound: { message: 'The vault connection does not exist.', errorCode: 'flows_vault_connection_not_found' },
  },
  {
    name: 'experimentation-feature-flags',
    path: '/api/v2/experimentation/feature-flags',
    idPrefix: 'ff',
    scopes: crudScopes('experimentation'),
    list: checkpoint('feature_flags'),
    timestamps: true,
    create: {
      types: { name: 'string', description: 'string', parameters: 'object' },
      required: ['name', 'parameters'],
      defaults: { status: 'draft', type: 'self' },
    },
    update: { types: { name: 'string', description: ['string', 'null'], parameters: 'object' } },
    filter: (item, query) => ['type', 'status'].every((key) => query.str(key) === undefined || item[key] === query.str(key)),
    notFound: { message: 'The feature flag does not exist.', errorCode: 'inexistent_feature_flag' },
  },
  {
    name: 'experimentation-variations',
    path: '/api/v2/experimentation/feature-flags/:id/variations',
    idParam: 'vid',
    idPrefix: 'ffv',
    scopes: crudScopes('experimentation'),
    timestamps: true,
    parent: { param: 'id', exists: exists('experimentation-feature-flags'), notFound: 'The feature flag does not exist.' },
    create: { types: { name: 'string', description: 'string', overrides: 'object' }, required: ['name', 'overrides'] },
    update: { types: { name: 'string', description: ['string', 'null'], overrides: 'object' } },
    notFound: { message: 'The variation does not exist.', errorCode: 'inexistent_variation' },
  },
  {
    name: 'experimentation-segments',
    path: '/api/v2/experimentation/segments',
    idPrefix: 'seg',
    scopes: crudScopes('experimentation'),
    list: checkpoint('segments'),
    timestamps: true,
    create: { types: { name: 'string', description: 'string', rules: 'array' }, required: ['name', 'rules'], defaults: { type: 'self' } },
    update: { types: { name: 'string', description: ['string', 'null'], rules: 'array' } },
    filter: (item, query) => query.str('type') === undefined || item.type === query.str('type'),
    notFound: { message: 'The segment does not exist.', errorCode: 'inexistent_segment' },
  },
  {
    name: 'experimentation-experiments',
    path: '/api/v2/experimentation/experiments',
    idPrefix: 'exp',
    scopes: crudScopes('experimentation'),
    list: checkpoint('experiments'),
    timestamps: true,
    create: {
      types: {
        name: 'string',
        description: 'string',
        feature_flag_id: 'string',
        authentication_flow: 'string',
        allocation_strategy: 'string',
        assignment_config: 'object',
        allocations: 'array',
      },
      required: ['name', 'feature_flag_id', 'authentication_flow', 'allocation_strategy', 'assignment_config', 'allocations'],
      enums: { allocation_strategy: ['percentage', 'segment'] },
      defaults: { status: 'draft', is_valid: false },
    },
    update: { types: { name: 'string', description: ['string', 'null'], assignment_config: 'object', allocations: 'array' } },
    filter: (item, query) => ['status', 'authentication_flow', 'feature_flag_id'].every((key) => query.str(key) === undefined || item[key] === query.str(key)),
    notFound: { message: 'The experiment does not exist.', errorCode: 'inexistent_experiment' },
  },
];

/** Problems that keep an experiment from starting: its flag must exist, and its allocations must name variations of that flag. */
function experimentProblems(tenant: Tenant, experiment: JsonRecord): { code: string; message: string }[] {
  const flagId = String(experiment.feature_flag_id);
  if (!tenant.state.collection('experimentation-feature-flags').has(flagId)) {
    return [{ code: 'feature_flag_not_found', message: `Feature flag ${flagId} does not exist` }];
  }
  const variations = new Set(
    tenant.state
      .collection('experimentation-variations')
      .list()
      .filter((v) => v._parent === flagId)
      .map((v) => v.id),
  );
  const allocations = (experiment.allocations as JsonRecord[] | undefined) ?? [];
  if (allocations.length === 0) return [{ code: 'no_allocations', message: 'The experiment allocates no traffic' }];
  return allocations
    .filter((a) => !variations.has(a.variation_id))
    .map((a) => ({ code: 'variation_not_found', message: `Variation ${String(a.variation_id)} is not a variation of feature flag ${flagId}` }));
}

function registerTemplates(routes: Parameters<RoutesModule>[0], base: string, scope: string, itemsKey: string, templates: readonly JsonRecord[]): void {
  routes.management('GET', `${base}/templates`, scope, () => ({ [itemsKey]: clone(templates) }));
  routes.management('GET', `${base}/templates/:id`, scope, (ctx) => {
    const found = templates.find((t) => t.id === ctx.params.id);
    if (!found) throw notFound('The template does not exist.', 'inexistent_template');
    return clone(found);
  });
}

function registerStatus(
  routes: Parameters<RoutesModule>[0],
  tenant: Tenant,
  collection: string,
  path: string,
  statuses: readonly string[],
  missing: string,
): void {
  routes.management('POST', `${path}/:id/status`, 'update:experimentation', (ctx) => {
    const items = tenant.state.collection(collection);
    const item = items.get(ctx.params.id);
    if (!item) throw notFound(missing);
    const { status } = checkBody(bodyObject(ctx), { types: { status: 'string' }, required: ['status'], enums: { status: statuses } });
    if (collection === 'experimentation-experiments' && status === 'active') {
      const problems = experimentProblems(tenant, item);
      if (problems.length) throw badRequest(`The experiment cannot start: ${problems[0].message}`, 'invalid_experiment');
      item.started_at = tenant.clock.isoNow();
    }
    if (status === 'completed') item.ended_at = tenant.clock.isoNow();
    item.status = status;
    item.updated_at = tenant.clock.isoNow();
    items.put(item);
    const shown = clone(item);
    delete shown._parent;
    return shown;
  });
}

export const registerIdentityResources: RoutesModule = (routes, tenant) => {
  // Templates first: their static segment must not be read as a profile id.
  registerTemplates(routes, '/api/v2/connection-profiles', 'read:connection_profiles', 'connection_profile_templates', CONNECTION_PROFILE_TEMPLATES);
  registerTemplates(
    routes,
    '/api/v2/user-attribute-profiles',
    'read:user_attribute_profiles',
    'user_attribute_profile_templates',
    USER_ATTRIBUTE_PROFILE_TEMPLATES,
  );
  registerResources(routes, tenant, RESOURCES);
  registerStatus(routes, tenant, 'experimentation-feature-flags', '/api/v2/experimentation/feature-flags', FLAG_STATUSES, 'The feature flag does not exist.');
  registerStatus(routes, tenant, 'experimentation-experiments', '/api/v2/experimentation/experiments', EXPERIMENT_STATUSES, 'The experiment does not exist.');
  routes.management('POST', '/api/v2/experimentation/experiments/:id/validate', 'read:experimentation', (ctx) => {
    const experiment = tenant.state.collection('experimentation-experiments').get(ctx.params.id);
    if (!experiment) throw notFound('The experiment does not exist.', 'inexistent_experiment');
    const errors = experimentProblems(tenant, experiment);
    return { is_valid: errors.length === 0, errors };
  });
};
