/**
 * Client grants: `/api/v2/client-grants` — which application may ask for which API's scopes
 * with the client-credentials grant. The token endpoint reads the same records, so a grant
 * created here changes what `/oauth/token` issues.
 */
import { conflict, notFound } from '../../core/errors';
import { prefixedId } from '../../core/ids';
import { checkpointBody, checkpointPage, isCheckpointRequest, offsetBody, offsetPage } from '../../core/paging';
import type { ClientGrantRecord } from '../../core/model';
import type { RoutesModule } from '../../core/types';
import { bodyObject, checkBody, clone, payloadError, type BodySpec } from '../group-helpers';

const ORGANIZATION_USAGE = ['deny', 'allow', 'require'];

const CREATE_SPEC: BodySpec = {
  types: {
    client_id: 'string',
    audience: 'string',
    default_for: 'string',
    organization_usage: 'string',
    allow_any_organization: 'boolean',
    scope: 'array',
    subject_type: 'string',
    authorization_details_types: 'array',
    allow_all_scopes: 'boolean',
  },
  required: ['client_id', 'audience'],
  enums: { organization_usage: ORGANIZATION_USAGE, subject_type: ['client', 'user'], default_for: ['third_party_clients'] },
};

const UPDATE_SPEC: BodySpec = {
  types: {
    scope: 'array',
    organization_usage: ['string', 'null'],
    allow_any_organization: ['boolean', 'null'],
    authorization_details_types: 'array',
    allow_all_scopes: 'boolean',
  },
  enums: { organization_usage: ORGANIZATION_USAGE },
};

function checkScopes(scope: unknown): void {
  if (scope === undefined) return;
  (scope as unknown[]).forEach((value, i) => {
    if (typeof value !== 'string') throw payloadError(`Expected type string but found type ${typeof value}`, `scope[${i}]`);
  });
}

export const registerClientGrantsRoutes: RoutesModule = (routes, tenant) => {
  const grants = () => tenant.state.clientGrants;
  const requireGrant = (id: string): ClientGrantRecord => {
    const grant = grants().get(id);
    if (!grant) throw notFound('The client grant does not exist', 'inexistent_client_grant');
    return grant;
  };

  routes.management('GET', '/api/v2/client-grants', 'read:client_grants', (ctx) => {
    let list = grants().list();
    const audience = ctx.query.str('audience');
    if (audience !== undefined) list = list.filter((g) => g.audience === audience);
    const clientId = ctx.query.str('client_id');
    if (clientId !== undefined) list = list.filter((g) => g.client_id === clientId);
    const anyOrg = ctx.query.bool('allow_any_organization');
    if (anyOrg !== undefined) list = list.filter((g) => (g.allow_any_organization ?? false) === anyOrg);
    const subjectType = ctx.query.str('subject_type');
    if (subjectType !== undefined) list = list.filter((g) => (g.subject_type ?? 'client') === subjectType);
    if (isCheckpointRequest(ctx.query)) {
      return checkpointBody(
        checkpointPage(list, ctx.query, (g) => g.id),
        'client_grants',
        clone,
      );
    }
    return offsetBody(offsetPage(list, ctx.query, { itemsKey: 'client_grants', defaultPerPage: 50 }), 'client_grants', clone);
  });

  routes.management('GET', '/api/v2/client-grants/:id', 'read:client_grants', (ctx) => clone(requireGrant(ctx.params.id)));

  routes.management(
    'POST',
    '/api/v2/client-grants',
    'create:client_grants',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), CREATE_SPEC);
      checkScopes(body.scope);
      const clientId = body.client_id as string;
      const audience = body.audience as string;
      if (!tenant.state.clients.has(clientId)) throw notFound(`No client with id ${clientId} was found`, 'inexistent_client');
      if (!tenant.state.resourceServerByIdentifier(audience)) {
        throw notFound(`No resource server with identifier ${audience} was found`, 'inexistent_resource_server');
      }
      if (
        grants()
          .findBy('client', clientId)
          .some((g) => g.audience === audience)
      ) {
        throw conflict('A client grant for this client and audience already exists', 'client_grant_conflict');
      }
      const grant: ClientGrantRecord = {
        id: prefixedId('cgr'),
        client_id: clientId,
        audience,
        scope: (body.scope as string[] | undefined) ?? [],
        subject_type: 'client', // Auth0's default (recorded 2025)
        ...clone(body),
      };
      grants().insert(grant);
      ctx.status = 201;
      return clone(grant);
    },
    { description: 'Create client grant' },
  );

  routes.management(
    'PATCH',
    '/api/v2/client-grants/:id',
    'update:client_grants',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), UPDATE_SPEC);
      checkScopes(body.scope);
      requireGrant(ctx.params.id);
      const updated = grants().update(ctx.params.id, (grant) => {
        for (const [key, value] of Object.entries(clone(body))) {
          if (value === null) delete grant[key];
          else grant[key] = value;
        }
      });
      return clone(updated);
    },
    { description: 'Update client grant' },
  );

  routes.management(
    'DELETE',
    '/api/v2/client-grants/:id',
    'delete:client_grants',
    (ctx) => {
      // Idempotent, as in Auth0: an absent grant is not an error.
      grants().delete(ctx.params.id);
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete client grant' },
  );
};
