/**
 * Rule configuration variables: `GET /api/v2/rules-configs` (keys only; values are never
 * read back), `PUT|DELETE /api/v2/rules-configs/{key}`.
 */
import { ApiError } from '../../core/errors';
import type { RouteContext, RoutesModule } from '../../core/types';
import { bodyObject, checkBody, checkString } from '../group-helpers';

const KEY_PATTERN = /^[A-Za-z0-9_\-@*+:]*$/;

function keyOf(ctx: RouteContext): string {
  const key = ctx.params.key;
  if (key.length > 127 || !KEY_PATTERN.test(key)) {
    throw new ApiError(
      400,
      `Path validation error: 'String does not match pattern ^[A-Za-z0-9_\\-@*+:]*$: ${key}' on property key (Key of the rules config variable to set).`,
      'invalid_uri',
    );
  }
  return key;
}

export const registerRulesConfigsRoutes: RoutesModule = (routes, tenant) => {
  const configs = () => tenant.state.doc<Map<string, string>>('rules-configs', () => new Map());

  routes.management('GET', '/api/v2/rules-configs', 'read:rules_configs', () => [...configs().keys()].map((key) => ({ key })));

  routes.management(
    'PUT',
    '/api/v2/rules-configs/:key',
    'update:rules_configs',
    (ctx) => {
      const key = keyOf(ctx);
      const body = checkBody(bodyObject(ctx), { types: { value: 'string' }, required: ['value'] });
      checkString(body.value, 'value', { min: 1 });
      configs().set(key, body.value as string);
      return { key, value: body.value };
    },
    { description: 'Set a rules config' },
  );

  routes.management(
    'DELETE',
    '/api/v2/rules-configs/:key',
    'delete:rules_configs',
    (ctx) => {
      const key = keyOf(ctx);
      // Idempotent, as in Auth0: an absent key is not an error.
      configs().delete(key);
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete a rules config' },
  );
};
