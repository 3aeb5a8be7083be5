/** Management API: /api/v2/organizations with members, member roles, invitations and connections. */
import { badRequest, conflict, notFound } from '../../core/errors';
import { prefixedId, randomAlnum } from '../../core/ids';
import type { InvitationRecord, OrganizationConnectionRecord, OrganizationRecord } from '../../core/model';
import { checkpointBody, checkpointPage, fieldsProjection, isCheckpointRequest, pagedList, sortBy } from '../../core/paging';
import type { TenantState } from '../../core/state';
import type { RouteContext, RoutesModule } from '../../core/types';
import { objectBody, onlyProperties, optionalBoolean, optionalObject, optionalString, payloadError, requiredString, stringList } from '../body';
import { memberView } from '../roles/roles.routes';
import { searchOrganizations } from './organization-search';
import { eventSnapshot, publishMemberEvent, publishOrganizationEvent } from '../events/publish';

const ORG_NAME = /^[a-z0-9](?:[a-z0-9_-]{0,48}[a-z0-9])?$/;
const ORG_FIELDS = ['name', 'display_name', 'branding', 'metadata', 'enabled_connections', 'token_quota'];
const DEFAULT_INVITATION_TTL = 7 * 24 * 3600;
const MAX_INVITATION_TTL = 30 * 24 * 3600;

export function requireOrg(state: TenantState, id: string): OrganizationRecord {
  const org = state.organizations.get(id);
  if (!org) throw notFound('No organization found by that id', 'inexistent_organization');
  return org;
}

function orgView(org: OrganizationRecord): Record<string, unknown> {
  return { ...org };
}

function checkName(name: string): void {
  if (!ORG_NAME.test(name)) {
    throw payloadError(`String does not match pattern ^[a-z0-9](?:[a-z0-9_-]{0,48}[a-z0-9])?$' on property name`);
  }
}

function connectionsOf(state: TenantState, orgId: string): Map<string, OrganizationConnectionRecord> {
  let map = state.orgConnections.get(orgId);
  if (!map) state.orgConnections.set(orgId, (map = new Map<string, OrganizationConnectionRecord>()));
  return map;
}

function orgConnectionView(state: TenantState, record: OrganizationConnectionRecord): Record<string, unknown> {
  const connection = state.connections.get(record.connection_id);
  return { ...record, connection: { name: connection?.name, strategy: connection?.strategy } };
}

function readOrgConnection(state: TenantState, body: Record<string, unknown>, requireId: boolean): Partial<OrganizationConnectionRecord> {
  const out: Partial<OrganizationConnectionRecord> = {};
  if (requireId) {
    const id = requiredString(body, 'connection_id');
    if (!state.connections.has(id)) throw notFound('The connection does not exist.', 'inexistent_connection');
    out.connection_id = id;
  }
  const assign = optionalBoolean(body, 'assign_membership_on_login');
  if (assign !== undefined) out.assign_membership_on_login = assign;
  const button = optionalBoolean(body, 'show_as_button');
  if (button !== undefined) out.show_as_button = button;
  else if (requireId) out.show_as_button = true; // Auth0's default for a newly enabled connection (recorded)
  const signup = optionalBoolean(body, 'is_signup_enabled');
  if (signup !== undefined) out.is_signup_enabled = signup;
  return out;
}

function requireMember(state: TenantState, orgId: string, userId: string): void {
  if (!state.orgMembers.has(orgId, userId)) throw notFound('The user is not a member of the organization', 'inexistent_member');
}

/** What only the newer `/connections` endpoint knows of an organization's connection (its `is_enabled` defaults to true). */
const ALL_CONNECTION_FIELDS = ['is_enabled', 'organization_connection_name', 'organization_access_level'];
const ACCESS_LEVELS = ['none', 'readonly', 'limited', 'full'];

function readAllConnectionFields(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const enabled = optionalBoolean(body, 'is_enabled');
  if (enabled !== undefined) out.is_enabled = enabled;
  const name = optionalString(body, 'organization_connection_name');
  if (name !== undefined) out.organization_connection_name = name;
  const level = optionalString(body, 'organization_access_level');
  if (level !== undefined && !ACCESS_LEVELS.includes(level)) throw payloadError(`No enum match for: "${level}"' on property organization_access_level`);
  if (level !== undefined) out.organization_access_level = level;
  return out;
}

function registerConnectionRoutes(routes: Parameters<RoutesModule>[0], segment: string, itemsKey: string): void {
  const base = `/api/v2/organizations/:id/${segment}`;
  const extra = segment === 'connections' ? ALL_CONNECTION_FIELDS : [];
  routes.management('GET', base, ['read:organization_connections'], (ctx) => {
    const state = ctx.tenant.state;
    requireOrg(state, ctx.params.id);
    const enabled = extra.length ? ctx.query.bool('is_enabled') : undefined;
    const list = [...connectionsOf(state, ctx.params.id).values()]
      .filter((c) => enabled === undefined || ((c as { is_enabled?: boolean }).is_enabled ?? true) === enabled)
      .map((c) => orgConnectionView(state, c));
    return pagedList(list, ctx.query, { itemsKey, defaultPerPage: 50 });
  });
  routes.management(
    'POST',
    base,
    ['create:organization_connections'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireOrg(state, ctx.params.id);
      const body = objectBody(ctx.body);
      onlyProperties(body, ['connection_id', 'assign_membership_on_login', 'show_as_button', 'is_signup_enabled', ...extra]);
      const fields = readOrgConnection(state, body, true);
      const map = connectionsOf(state, ctx.params.id);
      if (map.has(fields.connection_id!)) throw conflict('The connection is already enabled for the organization', 'connection_already_enabled');
      const record: OrganizationConnectionRecord = {
        assign_membership_on_login: false,
        ...fields,
        ...(extra.length ? readAllConnectionFields(body) : {}),
        connection_id: fields.connection_id!,
      };
      map.set(record.connection_id, record);
      ctx.status = 201;
      return orgConnectionView(state, record);
    },
    { description: 'Add a connection to an organization' },
  );
  routes.management('GET', `${base}/:connection_id`, ['read:organization_connections'], (ctx) => {
    const state = ctx.tenant.state;
    requireOrg(state, ctx.params.id);
    const record = connectionsOf(state, ctx.params.id).get(ctx.params.connection_id);
    if (!record) throw notFound('The connection is not enabled for the organization', 'inexistent_connection');
    return orgConnectionView(state, record);
  });
  routes.management(
    'PATCH',
    `${base}/:connection_id`,
    ['update:organization_connections'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireOrg(state, ctx.params.id);
      const record = connectionsOf(state, ctx.params.id).get(ctx.params.connection_id);
      if (!record) throw notFound('The connection is not enabled for the organization', 'inexistent_connection');
      const body = objectBody(ctx.body);
      onlyProperties(body, ['assign_membership_on_login', 'show_as_button', 'is_signup_enabled', ...extra]);
      Object.assign(record, readOrgConnection(state, body, false), extra.length ? readAllConnectionFields(body) : {});
      return orgConnectionView(state, record);
    },
    { description: 'Update a connection of an organization' },
  );
  routes.management(
    'DELETE',
    `${base}/:connection_id`,
    ['delete:organization_connections'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireOrg(state, ctx.params.id);
      if (!connectionsOf(state, ctx.params.id).delete(ctx.params.connection_id)) {
        throw notFound('The connection is not enabled for the organization', 'inexistent_connection');
      }
      ctx.status = 204;
    },
    { description: 'Remove a connection from an organization' },
  );
}

function listOrganizations(ctx: RouteContext): unknown {
  const orgs = ctx.tenant.state.organizations.list();
  sortBy(orgs, ctx.query.str('sort'));
  if (isCheckpointRequest(ctx.query)) {
    return checkpointBody(
      checkpointPage(orgs, ctx.query, (o) => o.id),
      'organizations',
      orgView,
    );
  }
  return pagedList(orgs, ctx.query, { itemsKey: 'organizations', defaultPerPage: 50 }, orgView);
}

export const registerOrganizationsRoutes: RoutesModule = (routes) => {
  routes.management('GET', '/api/v2/organizations', ['read:organizations', 'read:organizations_summary'], listOrganizations);
  routes.management('GET', '/api/v2/organizations/search', ['read:organizations'], (ctx) => searchOrganizations(ctx, orgView));

  routes.management(
    'POST',
    '/api/v2/organizations',
    ['create:organizations'],
    (ctx) => {
      const state = ctx.tenant.state;
      const body = objectBody(ctx.body);
      onlyProperties(body, ORG_FIELDS);
      const name = requiredString(body, 'name');
      checkName(name);
      if (state.organizations.firstBy('name', name)) throw conflict('An organization with this name already exists.', 'organization_conflict');
      const org: OrganizationRecord = { id: prefixedId('org'), name, display_name: optionalString(body, 'display_name') ?? name };
      const branding = optionalObject(body, 'branding');
      if (branding) org.branding = branding;
      const metadata = optionalObject(body, 'metadata');
      if (metadata) org.metadata = metadata;
      const enabled = body.enabled_connections;
      if (enabled !== undefined && !Array.isArray(enabled)) throw payloadError(`Expected type array' on property enabled_connections`);
      const connectionRecords = ((enabled ?? []) as unknown[]).map((item) => {
        const fields = readOrgConnection(state, objectBody(item), true);
        return { assign_membership_on_login: false, ...fields, connection_id: fields.connection_id! };
      });
      state.organizations.insert(org);
      publishOrganizationEvent(ctx, 'organization.created', org);
      const map = connectionsOf(state, org.id);
      for (const record of connectionRecords) map.set(record.connection_id, record);
      ctx.status = 201;
      return connectionRecords.length ? { ...orgView(org), enabled_connections: connectionRecords.map((c) => orgConnectionView(state, c)) } : orgView(org);
    },
    { description: 'Create an organization' },
  );

  routes.management('GET', '/api/v2/organizations/name/:name', ['read:organizations'], (ctx) => {
    const org = ctx.tenant.state.organizations.firstBy('name', ctx.params.name);
    if (!org) throw notFound('No organization found by that name', 'inexistent_organization');
    return orgView(org);
  });

  routes.management('GET', '/api/v2/organizations/:id', ['read:organizations'], (ctx) => orgView(requireOrg(ctx.tenant.state, ctx.params.id)));

  routes.management(
    'PATCH',
    '/api/v2/organizations/:id',
    ['update:organizations'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireOrg(state, ctx.params.id);
      const body = objectBody(ctx.body);
      onlyProperties(body, ['name', 'display_name', 'branding', 'metadata', 'token_quota']);
      const name = optionalString(body, 'name');
      if (name !== undefined) {
        checkName(name);
        const other = state.organizations.firstBy('name', name);
        if (other && other.id !== ctx.params.id) throw conflict('An organization with this name already exists.', 'organization_conflict');
      }
      const displayName = optionalString(body, 'display_name');
      const branding = optionalObject(body, 'branding');
      const metadata = optionalObject(body, 'metadata');
      const previous = eventSnapshot(state.organizations.get(ctx.params.id));
      const org = state.organizations.update(ctx.params.id, (o) => {
        if (name !== undefined) o.name = name;
        if (displayName !== undefined) o.display_name = displayName;
        if (branding !== undefined) o.branding = branding;
        if (metadata !== undefined) {
          const merged: Record<string, unknown> = { ...(o.metadata ?? {}) };
          for (const [key, value] of Object.entries(metadata)) {
            if (value === null) delete merged[key];
            else merged[key] = value;
          }
          o.metadata = merged;
        }
      }) as OrganizationRecord;
      publishOrganizationEvent(ctx, 'organization.updated', org, previous);
      return orgView(org);
    },
    { description: 'Update an organization' },
  );

  routes.management(
    'DELETE',
    '/api/v2/organizations/:id',
    ['delete:organizations'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireOrg(state, ctx.params.id);
      for (const userId of state.orgMembers.rightsOf(ctx.params.id)) state.orgMemberRoles.removeLeft(`${ctx.params.id}\n${userId}`);
      state.orgMembers.removeLeft(ctx.params.id);
      state.orgConnections.delete(ctx.params.id);
      for (const invitation of state.invitations.findBy('org', ctx.params.id)) state.invitations.delete(invitation.id);
      publishOrganizationEvent(ctx, 'organization.deleted', state.organizations.get(ctx.params.id));
      state.organizations.delete(ctx.params.id);
      ctx.status = 204;
    },
    { description: 'Delete an organization' },
  );

  registerConnectionRoutes(routes, 'enabled_connections', 'enabled_connections');
  registerConnectionRoutes(routes, 'connections', 'connections');

  // Members.
  routes.management('GET', '/api/v2/organizations/:id/members', ['read:organization_members'], (ctx) => {
    const state = ctx.tenant.state;
    requireOrg(state, ctx.params.id);
    const members = state.orgMembers.rightsOf(ctx.params.id).flatMap((id) => state.users.get(id) ?? []);
    const wantsRoles = ctx.query.list('fields')?.includes('roles') && ctx.query.bool('include_fields') !== false;
    const project = fieldsProjection(ctx.query);
    const view = (user: (typeof members)[number]) => {
      const base: Record<string, unknown> = memberView(user);
      if (wantsRoles) {
        base.roles = state.orgMemberRoles
          .rightsOf(`${ctx.params.id}\n${user.user_id}`)
          .flatMap((roleId) => state.roles.get(roleId) ?? [])
          .map((r) => ({ id: r.id, name: r.name }));
      }
      return project(base);
    };
    if (isCheckpointRequest(ctx.query))
      return checkpointBody(
        // Auth0 sends `next` on a full last page too; the page after it is empty (recorded).
        checkpointPage(members, ctx.query, (u) => u.user_id, { nextOn: 'full-page' }),
        'members',
        view,
      );
    return pagedList(members, ctx.query, { itemsKey: 'members', defaultPerPage: 50 }, (u) => view(u));
  });
  routes.management(
    'POST',
    '/api/v2/organizations/:id/members',
    ['create:organization_members'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireOrg(state, ctx.params.id);
      const members = stringList(objectBody(ctx.body), 'members');
      for (const id of members) if (!state.users.has(id)) throw notFound(`User ${id} does not exist`, 'inexistent_user');
      for (const id of members) state.orgMembers.add(ctx.params.id, id);
      for (const id of members) publishMemberEvent(ctx, 'organization.member.added', ctx.params.id, id);
      ctx.status = 204;
    },
    { description: 'Add members to an organization' },
  );
  routes.management(
    'DELETE',
    '/api/v2/organizations/:id/members',
    ['delete:organization_members'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireOrg(state, ctx.params.id);
      for (const id of stringList(objectBody(ctx.body), 'members')) {
        state.orgMemberRoles.removeLeft(`${ctx.params.id}\n${id}`);
        state.orgMembers.remove(ctx.params.id, id);
        publishMemberEvent(ctx, 'organization.member.deleted', ctx.params.id, id);
      }
      ctx.status = 204;
    },
    { description: 'Remove members from an organization' },
  );

  // Member roles.
  routes.management('GET', '/api/v2/organizations/:id/members/:user_id/roles', ['read:organization_member_roles'], (ctx) => {
    const state = ctx.tenant.state;
    requireOrg(state, ctx.params.id);
    requireMember(state, ctx.params.id, ctx.params.user_id);
    const roles = state.orgMemberRoles.rightsOf(`${ctx.params.id}\n${ctx.params.user_id}`).flatMap((id) => state.roles.get(id) ?? []);
    return pagedList(roles, ctx.query, { itemsKey: 'roles', defaultPerPage: 50 }, (r) => ({ id: r.id, name: r.name, description: r.description }));
  });
  routes.management(
    'POST',
    '/api/v2/organizations/:id/members/:user_id/roles',
    ['create:organization_member_roles'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireOrg(state, ctx.params.id);
      requireMember(state, ctx.params.id, ctx.params.user_id);
      const roles = stringList(objectBody(ctx.body), 'roles');
      for (const id of roles) if (!state.roles.has(id)) throw notFound(`Role ${id} does not exist`, 'inexistent_role');
      for (const id of roles) state.orgMemberRoles.add(`${ctx.params.id}\n${ctx.params.user_id}`, id);
      for (const id of roles) publishMemberEvent(ctx, 'organization.member.role.assigned', ctx.params.id, ctx.params.user_id, id);
      ctx.status = 204;
    },
    { description: 'Assign roles to an organization member' },
  );
  routes.management(
    'DELETE',
    '/api/v2/organizations/:id/members/:user_id/roles',
    ['delete:organization_member_roles'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireOrg(state, ctx.params.id);
      requireMember(state, ctx.params.id, ctx.params.user_id);
      for (const id of stringList(objectBody(ctx.body), 'roles')) state.orgMemberRoles.remove(`${ctx.params.id}\n${ctx.params.user_id}`, id);
      for (const id of stringList(objectBody(ctx.body), 'roles'))
        publishMemberEvent(ctx, 'organization.member.role.deleted', ctx.params.id, ctx.params.user_id, id);
      ctx.status = 204;
    },
    { description: 'Remove roles from an organization member' },
  );

  // Invitations.
  routes.management('GET', '/api/v2/organizations/:id/invitations', ['read:organization_invitations'], (ctx) => {
    const state = ctx.tenant.state;
    requireOrg(state, ctx.params.id);
    const invitations = state.invitations.findBy('org', ctx.params.id);
    sortBy(invitations, ctx.query.str('sort') ?? 'created_at:-1');
    return pagedList(invitations, ctx.query, { itemsKey: 'invitations', defaultPerPage: 50 }, (i) => ({ ...i }));
  });
  routes.management(
    'POST',
    '/api/v2/organizations/:id/invitations',
    ['create:organization_invitations'],
    (ctx) => {
      const tenant = ctx.tenant;
      const state = tenant.state;
      const org = requireOrg(state, ctx.params.id);
      const body = objectBody(ctx.body);
      onlyProperties(body, [
        'inviter',
        'invitee',
        'client_id',
        'connection_id',
        'app_metadata',
        'user_metadata',
        'ttl_sec',
        'roles',
        'send_invitation_email',
        'identity_provider_id',
      ]);
      const inviter = objectBody(body.inviter ?? null);
      const inviterName = requiredString(inviter, 'name');
      const invitee = objectBody(body.invitee ?? null);
      const email = requiredString(invitee, 'email');
      const clientId = requiredString(body, 'client_id');
      const client = state.clients.get(clientId);
      if (!client) throw notFound('The client does not exist.', 'inexistent_client');
      const connectionId = optionalString(body, 'connection_id');
      if (connectionId && !connectionsOf(state, org.id).has(connectionId))
        throw badRequest('The connection is not enabled for the organization', 'invalid_body');
      const ttl = body.ttl_sec === undefined ? DEFAULT_INVITATION_TTL : Number(body.ttl_sec);
      if (!Number.isInteger(ttl) || ttl < 0 || ttl > MAX_INVITATION_TTL) throw payloadError('ttl_sec must be an integer between 0 and 2592000');
      const roles = body.roles === undefined ? undefined : stringList(body, 'roles');
      for (const id of roles ?? []) if (!state.roles.has(id)) throw notFound(`Role ${id} does not exist`, 'inexistent_role');
      const ticketId = randomAlnum(32);
      const loginUri = typeof client.initiate_login_uri === 'string' ? client.initiate_login_uri : `${tenant.url}/login`;
      const now = tenant.clock.now();
      const invitation: InvitationRecord = {
        id: prefixedId('uinv'),
        organization_id: org.id,
        inviter: { name: inviterName },
        invitee: { email },
        invitation_url: `${loginUri}?${new URLSearchParams({ invitation: ticketId, organization: org.id, organization_name: org.name }).toString()}`,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + (ttl || DEFAULT_INVITATION_TTL) * 1000).toISOString(),
        client_id: clientId,
        ticket_id: ticketId,
      };
      if (connectionId) invitation.connection_id = connectionId;
      if (roles) invitation.roles = roles;
      const appMetadata = optionalObject(body, 'app_metadata');
      if (appMetadata) invitation.app_metadata = appMetadata;
      const userMetadata = optionalObject(body, 'user_metadata');
      if (userMetadata) invitation.user_metadata = userMetadata;
      state.invitations.insert(invitation);
      if (optionalBoolean(body, 'send_invitation_email') !== false) {
        tenant.outbox.push({
          channel: 'email',
          to: email,
          kind: 'organization_invitation',
          subject: `${inviterName} invited you to ${org.display_name ?? org.name}`,
          body: `Accept the invitation: ${invitation.invitation_url}`,
          link: invitation.invitation_url,
        });
      }
      ctx.status = 201;
      return { ...invitation };
    },
    { description: 'Create an organization invitation' },
  );
  routes.management('GET', '/api/v2/organizations/:id/invitations/:invitation_id', ['read:organization_invitations'], (ctx) => {
    const state = ctx.tenant.state;
    requireOrg(state, ctx.params.id);
    const invitation = state.invitations.get(ctx.params.invitation_id);
    if (!invitation || invitation.organization_id !== ctx.params.id) throw notFound('The invitation does not exist', 'inexistent_invitation');
    return fieldsProjection(ctx.query)({ ...invitation });
  });
  routes.management(
    'DELETE',
    '/api/v2/organizations/:id/invitations/:invitation_id',
    ['delete:organization_invitations'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireOrg(state, ctx.params.id);
      const invitation = state.invitations.get(ctx.params.invitation_id);
      if (!invitation || invitation.organization_id !== ctx.params.id) throw notFound('The invitation does not exist', 'inexistent_invitation');
      state.invitations.delete(invitation.id);
      ctx.status = 204;
    },
    { description: 'Delete an organization invitation' },
  );
};
