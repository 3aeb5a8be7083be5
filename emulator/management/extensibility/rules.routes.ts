/**
 * Rules: `/api/v2/rules` (list, create, get, update, delete). Rules run at the
 * `login_success` stage in Auth0's order; a new rule without `order` goes last.
 */
import { conflict, notFound } from '../../core/errors';
import { prefixedId } from '../../core/ids';
import { fieldsProjection, offsetBody, offsetPage } from '../../core/paging';
import type { JsonRecord } from '../../core/collection';
import type { RoutesModule } from '../../core/types';
import { bodyObject, checkBody, checkString, clone, type BodySpec } from '../group-helpers';

const NAME_PATTERN = /^[a-zA-Z0-9]([ \-a-zA-Z0-9]*[a-zA-Z0-9])?$/;

const CREATE_SPEC: BodySpec = { types: { name: 'string', script: 'string', order: 'number', enabled: 'boolean' }, required: ['name', 'script'] };
const UPDATE_SPEC: BodySpec = { types: { name: 'string', script: 'string', order: 'number', enabled: 'boolean' } };

function byOrder(a: JsonRecord, b: JsonRecord): number {
  return (a.order as number) - (b.order as number);
}

export const registerRulesRoutes: RoutesModule = (routes, tenant) => {
  const rules = () => tenant.state.collection('rules');
  const requireRule = (id: string): JsonRecord => {
    const rule = rules().get(id);
    if (!rule) throw notFound('The rule does not exist', 'inexistent_rule');
    return rule;
  };
  const nameTaken = (name: unknown, except?: string) =>
    rules()
      .list()
      .some((r) => r.name === name && r.id !== except);

  routes.management('GET', '/api/v2/rules', 'read:rules', (ctx) => {
    let list = rules().list().sort(byOrder);
    const enabled = ctx.query.bool('enabled');
    if (enabled !== undefined) list = list.filter((r) => r.enabled === enabled);
    const stage = ctx.query.str('stage');
    if (stage !== undefined) list = list.filter((r) => r.stage === stage);
    const project = fieldsProjection(ctx.query);
    return offsetBody(offsetPage(list, ctx.query, { itemsKey: 'rules', defaultPerPage: 50 }), 'rules', (r) => project(clone(r)));
  });

  routes.management(
    'POST',
    '/api/v2/rules',
    'create:rules',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), CREATE_SPEC);
      checkString(body.name, 'name', { pattern: NAME_PATTERN });
      if (nameTaken(body.name)) throw conflict('A rule with the same name already exists', 'rule_conflict');
      const last = rules()
        .list()
        .reduce((max, r) => Math.max(max, r.order as number), 0);
      const rule: JsonRecord = { id: prefixedId('rul'), enabled: true, order: last + 1, stage: 'login_success', ...clone(body) };
      rules().insert(rule);
      ctx.status = 201;
      return clone(rule);
    },
    { description: 'Create a rule' },
  );

  routes.management('GET', '/api/v2/rules/:id', 'read:rules', (ctx) => fieldsProjection(ctx.query)(clone(requireRule(ctx.params.id))));

  routes.management(
    'PATCH',
    '/api/v2/rules/:id',
    'update:rules',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), UPDATE_SPEC);
      checkString(body.name, 'name', { pattern: NAME_PATTERN });
      requireRule(ctx.params.id);
      if (body.name !== undefined && nameTaken(body.name, ctx.params.id)) throw conflict('A rule with the same name already exists', 'rule_conflict');
      return clone(rules().update(ctx.params.id, (rule) => Object.assign(rule, clone(body))));
    },
    { description: 'Update a rule' },
  );

  routes.management(
    'DELETE',
    '/api/v2/rules/:id',
    'delete:rules',
    (ctx) => {
      // Idempotent, as in Auth0: an absent rule is not an error.
      rules().delete(ctx.params.id);
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete a rule' },
  );
};
