/**
 * Seed data: the JSON a test, `--seed file.json` or POST /__emulator/seed
 * loads on top of the current state. Core keys are handled here; other
 * groups read their own keys through `onSeed`.
 */
import type { JsonRecord } from './collection';
import { badRequest } from './errors';
import { prefixedId, randomAlnum } from './ids';
import type { ClientGrantRecord, ClientRecord, ConnectionRecord, OrganizationConnectionRecord, Permission, ResourceServerRecord } from './model';
import type { TenantState } from './state';
import { createUser } from './users';
import type { LogInput, LogStore } from './logs';
import { DEFAULT_DB_CONNECTION } from './state';

export interface SeedUser extends JsonRecord {
  /** Defaults to Username-Password-Authentication. */
  connection?: string;
  password?: string;
  /** Role ids or names. */
  roles?: string[];
  permissions?: Permission[];
}

export interface SeedRole extends JsonRecord {
  id?: string;
  name: string;
  description?: string;
  permissions?: Permission[];
  /** User ids or e-mails. */
  users?: string[];
}

export interface SeedOrganization extends JsonRecord {
  id?: string;
  name: string;
  display_name?: string;
  /** User ids or e-mails. */
  members?: string[];
  /** Connection ids or names. */
  connections?: Array<string | { connection_id?: string; name?: string; assign_membership_on_login?: boolean }>;
}

export interface SeedData {
  users?: SeedUser[];
  roles?: SeedRole[];
  organizations?: SeedOrganization[];
  connections?: Array<Partial<ConnectionRecord> & { name: string; strategy: string }>;
  clients?: Array<Partial<ClientRecord> & { name: string }>;
  clientGrants?: Array<Partial<ClientGrantRecord> & { client_id: string; audience: string }>;
  resourceServers?: Array<Partial<ResourceServerRecord> & { identifier: string }>;
  logs?: LogInput[];
  /** Records for named collections: `{ "hooks": [{…}] }`. */
  collections?: Record<string, JsonRecord[]>;
  /** Keys of other groups. */
  [group: string]: unknown;
}

export function applyCoreSeed(state: TenantState, logs: LogStore, data: SeedData, now: string): void {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw badRequest('seed data must be an object');
  for (const connection of data.connections ?? []) {
    const record: ConnectionRecord = {
      id: prefixedId('con'),
      options: {},
      enabled_clients: [state.defaults.m2m.clientId, state.defaults.web.clientId, state.defaults.spa.clientId],
      is_domain_connection: false,
      realms: [connection.name],
      ...connection,
    };
    const existing = state.connectionByName(record.name);
    if (existing) state.connections.delete(existing.id);
    state.connections.put(record);
  }
  for (const client of data.clients ?? []) {
    state.clients.put({ client_id: randomAlnum(32), client_secret: randomAlnum(64), ...client });
  }
  for (const server of data.resourceServers ?? []) {
    state.resourceServers.put({
      id: randomAlnum(24).toLowerCase(),
      name: server.identifier,
      scopes: [],
      signing_alg: 'RS256',
      token_lifetime: 86400,
      ...server,
    });
  }
  for (const grant of data.clientGrants ?? []) {
    state.clientGrants.put({ id: prefixedId('cgr'), scope: [], ...grant });
  }
  for (const role of data.roles ?? []) {
    const id = role.id ?? prefixedId('rol');
    state.roles.put({ id, name: role.name, description: role.description ?? '' });
    if (role.permissions)
      state.rolePermissions.set(
        id,
        role.permissions.map((p) => ({ ...p })),
      );
  }
  for (const input of data.users ?? []) {
    const { roles, permissions, ...body } = input;
    const user = createUser(state, { connection: DEFAULT_DB_CONNECTION, ...body }, { now, skipPasswordPolicy: true });
    for (const ref of roles ?? []) {
      const role = state.roles.get(ref) ?? state.roles.firstBy('name', ref.toLowerCase());
      if (!role) throw badRequest(`seed: user ${user.user_id} names unknown role ${ref}`);
      state.userRoles.add(user.user_id, role.id);
    }
    if (permissions)
      state.userPermissions.set(
        user.user_id,
        permissions.map((p) => ({ ...p })),
      );
  }
  for (const role of data.roles ?? []) {
    const stored = role.id ? state.roles.get(role.id) : state.roles.firstBy('name', role.name.toLowerCase());
    for (const ref of role.users ?? []) state.userRoles.add(resolveUser(state, ref), stored!.id);
  }
  for (const org of data.organizations ?? []) {
    const { members, connections, ...fields } = org;
    const id = org.id ?? prefixedId('org');
    state.organizations.put({ ...fields, id, name: org.name, display_name: org.display_name ?? org.name });
    for (const ref of members ?? []) state.orgMembers.add(id, resolveUser(state, ref));
    for (const ref of connections ?? []) {
      const wanted = typeof ref === 'string' ? ref : (ref.connection_id ?? ref.name ?? '');
      const connection = state.connections.get(wanted) ?? state.connectionByName(wanted);
      if (!connection) throw badRequest(`seed: organization ${org.name} names unknown connection ${wanted}`);
      let map = state.orgConnections.get(id);
      if (!map) state.orgConnections.set(id, (map = new Map<string, OrganizationConnectionRecord>()));
      map.set(connection.id, {
        connection_id: connection.id,
        assign_membership_on_login: typeof ref === 'string' ? false : (ref.assign_membership_on_login ?? false),
      });
    }
  }
  for (const [name, records] of Object.entries(data.collections ?? {})) {
    const collection = state.collection(name);
    for (const record of records) collection.put({ ...record });
  }
  for (const event of data.logs ?? []) logs.write(event);
}

function resolveUser(state: TenantState, ref: string): string {
  if (state.users.has(ref)) return ref;
  const byEmail = state.users.firstBy('email', ref.toLowerCase());
  if (!byEmail) throw badRequest(`seed: unknown user ${ref}`);
  return byEmail.user_id;
}
