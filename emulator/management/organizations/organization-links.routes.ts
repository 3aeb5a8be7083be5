/**
 * Management API: what an organization links to beyond members and connections: client grants
 * (existing grants whose organization_usage allows organizations; also listed from the grant's
 * side), applications, discovery domains, and the members holding a role.
 */
import { badRequest, conflict, notFound } from '../../core/errors';
import { randomAlnum } from '../../core/ids';
import type { JsonRecord } from '../../core/collection';
import type { ClientGrantRecord, OrganizationRecord } from '../../core/model';
import { checkpointBody, checkpointPage, isCheckpointRequest, pagedList } from '../../core/paging';
import type { RouteContext, RoutesModule } from '../../core/types';
import { bodyObject, checkBody, clone } from '../group-helpers';
import { requireOrg } from './organizations.routes';
import { registerResources } from '../resources';
import { memberView, requireRole } from '../roles/roles.routes';

const ORG_GRANTS = 'organization-client-grants';
const ORG_CLIENTS = 'organization-clients';
const DOMAINS = 'organization-discovery-domains';

const linkId = (orgId: string, otherId: string) => `${orgId}\n${otherId}`;

function orgView(org: OrganizationRecord): JsonRecord {
  return { ...org };
}

export const registerOrganizationLinksRoutes: RoutesModule = (routes, tenant) => {
  const state = tenant.state;
  const links = (name: string) => state.collection(name);

  // Client grants.
  const grantsOf = (orgId: string): ClientGrantRecord[] =>
    links(ORG_GRANTS)
      .list()
      .filter((link) => link.organization_id === orgId)
      .map((link) => state.clientGrants.get(String(link.grant_id)))
      .filter((grant): grant is ClientGrantRecord => !!grant);
  routes.management('GET', '/api/v2/organizations/:id/client-grants', 'read:organization_client_grants', (ctx) => {
    requireOrg(state, ctx.params.id);
    const audience = ctx.query.str('audience');
    const clientId = ctx.query.str('client_id');
    const ids = ctx.query.list('grant_ids');
    const grants = grantsOf(ctx.params.id)
      .filter((g) => audience === undefined || g.audience === audience)
      .filter((g) => clientId === undefined || g.client_id === clientId)
      .filter((g) => !ids || ids.includes(g.id));
    return pagedList(grants, ctx.query, { itemsKey: 'client_grants', defaultPerPage: 50 }, (g) => clone(g) as JsonRecord);
  });
  routes.management(
    'POST',
    '/api/v2/organizations/:id/client-grants',
    'create:organization_client_grants',
    (ctx) => {
      requireOrg(state, ctx.params.id);
      const { grant_id: grantId } = checkBody(bodyObject(ctx), { types: { grant_id: 'string' }, required: ['grant_id'] });
      const grant = state.clientGrants.get(String(grantId));
      if (!grant) throw notFound('The client grant does not exist', 'inexistent_client_grant');
      if (grant.organization_usage !== 'allow' && grant.organization_usage !== 'require') {
        throw badRequest('The client grant must have organization_usage set to allow or require to be associated with an organization', 'invalid_body');
      }
      const id = linkId(ctx.params.id, grant.id);
      if (links(ORG_GRANTS).has(id)) throw conflict('The client grant is already associated with the organization', 'client_grant_conflict');
      links(ORG_GRANTS).insert({ id, organization_id: ctx.params.id, grant_id: grant.id });
      ctx.status = 201;
      // Auth0 answers the association: the grant's fields under `grant_id` instead of `id` (recorded).
      const { id: _id, ...fields } = clone(grant);
      return { grant_id: grant.id, ...fields };
    },
    { description: 'Associate a client grant with an organization' },
  );
  routes.management(
    'DELETE',
    '/api/v2/organizations/:id/client-grants/:grant_id',
    'delete:organization_client_grants',
    (ctx) => {
      requireOrg(state, ctx.params.id);
      if (!links(ORG_GRANTS).delete(linkId(ctx.params.id, ctx.params.grant_id))) {
        throw notFound('The client grant is not associated with the organization', 'inexistent_client_grant');
      }
      ctx.status = 204;
      return undefined;
    },
    { description: 'Remove a client grant from an organization' },
  );
  routes.management('GET', '/api/v2/client-grants/:id/organizations', 'read:organization_client_grants', (ctx) => {
    if (!state.clientGrants.has(ctx.params.id)) throw notFound('The client grant does not exist', 'inexistent_client_grant');
    const orgs = links(ORG_GRANTS)
      .list()
      .filter((link) => link.grant_id === ctx.params.id)
      .map((link) => state.organizations.get(String(link.organization_id)))
      .filter((org): org is OrganizationRecord => !!org);
    if (isCheckpointRequest(ctx.query))
      return checkpointBody(
        checkpointPage(orgs, ctx.query, (o) => o.id),
        'organizations',
        orgView,
      );
    return pagedList(orgs, ctx.query, { itemsKey: 'organizations', defaultPerPage: 50 }, orgView);
  });

  // Applications.
  const clientLinks = (orgId: string) =>
    links(ORG_CLIENTS)
      .list()
      .filter((link) => link.organization_id === orgId);
  const clientView = (link: JsonRecord): JsonRecord => {
    const { id: _link, organization_id: _org, ...shown } = link;
    return { ...clone(shown), name: state.clients.get(String(link.client_id))?.name };
  };
  const clientIdsOf = (ctx: RouteContext): string[] => {
    const { clients } = checkBody(bodyObject(ctx), { types: { clients: 'array' }, required: ['clients'] });
    return (clients as unknown[]).map((item) => {
      const id = typeof item === 'string' ? item : (item as JsonRecord | null)?.client_id;
      if (typeof id !== 'string' || !state.clients.has(id)) throw notFound(`The client ${String(id)} does not exist`, 'inexistent_client');
      return id;
    });
  };
  routes.management('GET', '/api/v2/organizations/:id/clients', 'read:organization_clients', (ctx) => {
    requireOrg(state, ctx.params.id);
    return pagedList(clientLinks(ctx.params.id), ctx.query, { itemsKey: 'clients', defaultPerPage: 50 }, clientView);
  });
  routes.management(
    'POST',
    '/api/v2/organizations/:id/clients',
    'create:organization_clients',
    (ctx) => {
      requireOrg(state, ctx.params.id);
      for (const clientId of clientIdsOf(ctx)) {
        const id = linkId(ctx.params.id, clientId);
        if (!links(ORG_CLIENTS).has(id)) links(ORG_CLIENTS).insert({ id, organization_id: ctx.params.id, client_id: clientId });
      }
      ctx.status = 204;
      return undefined;
    },
    { description: 'Associate clients with an organization' },
  );
  routes.management(
    'DELETE',
    '/api/v2/organizations/:id/clients',
    'delete:organization_clients',
    (ctx) => {
      requireOrg(state, ctx.params.id);
      for (const clientId of clientIdsOf(ctx)) links(ORG_CLIENTS).delete(linkId(ctx.params.id, clientId));
      ctx.status = 204;
      return undefined;
    },
    { description: 'Remove clients from an organization' },
  );
  const requireClientLink = (ctx: RouteContext): JsonRecord => {
    requireOrg(state, ctx.params.id);
    const link = links(ORG_CLIENTS).get(linkId(ctx.params.id, ctx.params.client_id));
    if (!link) throw notFound('The client is not associated with the organization', 'inexistent_client');
    return link;
  };
  routes.management('GET', '/api/v2/organizations/:id/clients/:client_id', 'read:organization_clients', (ctx) => clientView(requireClientLink(ctx)));
  routes.management(
    'PATCH',
    '/api/v2/organizations/:id/clients/:client_id',
    'update:organization_clients',
    (ctx) => {
      const link = requireClientLink(ctx);
      const body = bodyObject(ctx);
      for (const key of ['id', 'organization_id', 'client_id']) delete body[key];
      Object.assign(link, clone(body));
      links(ORG_CLIENTS).put(link);
      return clientView(link);
    },
    { description: 'Update a client of an organization' },
  );

  // Discovery domains: a plain nested collection, plus reading one by its domain name.
  registerResources(routes, tenant, [
    {
      name: DOMAINS,
      deleteAbsentAnswers204: true, // as Auth0 answers (recorded)
      path: '/api/v2/organizations/:id/discovery-domains',
      idParam: 'discovery_domain_id',
      idPrefix: 'dd',
      scopes: {
        list: 'read:organization_discovery_domains',
        create: 'create:organization_discovery_domains',
        get: 'read:organization_discovery_domains',
        update: 'update:organization_discovery_domains',
        delete: 'delete:organization_discovery_domains',
      },
      list: { shape: 'checkpoint', itemsKey: 'domains' },
      create: {
        types: { domain: 'string', status: 'string', use_for_organization_discovery: 'boolean' },
        required: ['domain'],
        enums: { status: ['pending', 'verified'] },
        defaults: { status: 'pending', use_for_organization_discovery: false },
      },
      // What the domain's owner publishes in DNS to prove it.
      derive: (item) => {
        item.verification_host = `_auth0-challenge.${String(item.domain)}`;
        item.verification_txt = `auth0-domain-verification=${randomAlnum(32)}`;
      },
      update: { types: { status: 'string', use_for_organization_discovery: 'boolean' }, enums: { status: ['pending', 'verified'] } },
      unique: 'domain',
      parent: { param: 'id', exists: (t, id) => t.state.organizations.has(id), notFound: 'No organization found by that id' },
      notFound: { message: 'The discovery domain does not exist', errorCode: 'inexistent_discovery_domain' },
    },
  ]);
  routes.management('GET', '/api/v2/organizations/:id/discovery-domains/name/:discovery_domain', 'read:organization_discovery_domains', (ctx) => {
    requireOrg(state, ctx.params.id);
    const found = links(DOMAINS)
      .list()
      .find((d) => d._parent === ctx.params.id && d.domain === ctx.params.discovery_domain);
    if (!found) throw notFound('The discovery domain does not exist', 'inexistent_discovery_domain');
    const shown = clone(found);
    delete shown._parent;
    return shown;
  });

  // Members holding a role.
  routes.management('GET', '/api/v2/organizations/:id/roles/:role_id/members', 'read:organization_members', (ctx) => {
    requireOrg(state, ctx.params.id);
    requireRole(state, ctx.params.role_id);
    const members = state.orgMembers
      .rightsOf(ctx.params.id)
      .filter((userId) => state.orgMemberRoles.has(linkId(ctx.params.id, userId), ctx.params.role_id))
      .map((userId) => state.users.get(userId))
      .filter((user) => !!user)
      .map((user) => memberView(user));
    return pagedList(members, ctx.query, { itemsKey: 'members', defaultPerPage: 50 });
  });
};
