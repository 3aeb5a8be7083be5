/**
 * Experimentation's feature flags, variations, segments and experiments, declared as data (see
 * ../resources.ts), with what needs more than storage: statuses, and the checks before an experiment starts.
 */
import { badRequest, notFound } from '../../core/errors';
import { base58Id } from '../../core/ids';
import type { JsonRecord } from '../../core/collection';
import type { RouteRegistry, RoutesModule, Tenant } from '../../core/types';
import { bodyObject, checkBody, clone } from '../group-helpers';
import { registerResources, checkpointList, crudScopes, recordExists, type ResourceSpec } from '../resources';

const EXPERIMENT_STATUSES = ['draft', 'active', 'paused', 'completed', 'archived'];
const FLAG_STATUSES = ['draft', 'active', 'archived'];

const RESOURCES: readonly ResourceSpec[] = [
  {
    name: 'experimentation-feature-flags',
    path: '/api/v2/experimentation/feature-flags',
    idPrefix: 'flg',
    newId: () => base58Id('flg'), // Auth0's pattern ^flg_[base58]+$ (its description)
    scopes: crudScopes('experimentation'),
    list: checkpointList('feature_flags'),
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
    idPrefix: 'var',
    newId: () => base58Id('var'),
    scopes: crudScopes('experimentation'),
    timestamps: true,
    parent: { param: 'id', exists: recordExists('experimentation-feature-flags'), notFound: 'The feature flag does not exist.' },
    create: { types: { name: 'string', description: 'string', overrides: 'object' }, required: ['name', 'overrides'] },
    update: { types: { name: 'string', description: ['string', 'null'], overrides: 'object' } },
    notFound: { message: 'The variation does not exist.', errorCode: 'inexistent_variation' },
  },
  {
    name: 'experimentation-segments',
    path: '/api/v2/experimentation/segments',
    idPrefix: 'seg',
    newId: () => base58Id('seg'),
    scopes: crudScopes('experimentation'),
    list: checkpointList('segments'),
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
    newId: () => base58Id('exp'),
    scopes: crudScopes('experimentation'),
    list: checkpointList('experiments'),
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

function registerStatus(routes: RouteRegistry, tenant: Tenant, collection: string, path: string, statuses: readonly string[], missing: string): void {
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

export const registerExperimentationRoutes: RoutesModule = (routes, tenant) => {
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
