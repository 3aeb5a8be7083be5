/**
 * Device credentials: `/api/v2/device-credentials` (list, create a public key, delete).
 * Refresh tokens issued by `/oauth/token` show up as credentials of type `refresh_token`, and
 * deleting one revokes the token, as in Auth0.
 */
import { createHash } from 'node:crypto';
import { conflict, notFound } from '../../core/errors';
import { prefixedId } from '../../core/ids';
import { fieldsProjection, offsetBody, offsetPage } from '../../core/paging';
import type { JsonRecord } from '../../core/collection';
import type { RefreshTokenRecord } from '../../core/state';
import type { RoutesModule, Tenant } from '../../core/types';
import { bodyObject, checkBody, checkString, clone, type BodySpec } from '../group-helpers';

const CREATE_SPEC: BodySpec = {
  types: { device_name: 'string', type: 'string', value: 'string', device_id: 'string', client_id: 'string' },
  required: ['device_name', 'type', 'value', 'device_id'],
  enums: { type: ['public_key'] },
};

/** A stable credential id for a refresh token (never the token itself). */
function refreshCredentialId(token: string): string {
  return 'dcr_' + createHash('sha256').update(token).digest('base64url').replace(/[-_]/g, '').slice(0, 16);
}

function refreshCredential(tenant: Tenant, record: RefreshTokenRecord): JsonRecord {
  return {
    id: refreshCredentialId(record.token),
    device_name: tenant.state.clients.get(record.clientId)?.name ?? record.clientId,
    device_id: '',
    type: 'refresh_token',
    user_id: record.userId,
    client_id: record.clientId,
  };
}

export const registerDeviceCredentialsRoutes: RoutesModule = (routes, tenant) => {
  const keys = () => tenant.state.collection('device-credentials');

  const all = (): JsonRecord[] => [...keys().list(), ...[...tenant.state.refreshTokens.values()].map((record) => refreshCredential(tenant, record))];

  routes.management('GET', '/api/v2/device-credentials', 'read:device_credentials', (ctx) => {
    let list = all();
    const userId = ctx.query.str('user_id');
    if (userId !== undefined) list = list.filter((c) => c.user_id === userId);
    const clientId = ctx.query.str('client_id');
    if (clientId !== undefined) list = list.filter((c) => c.client_id === clientId);
    const type = ctx.query.str('type');
    if (type !== undefined) list = list.filter((c) => c.type === type);
    const project = fieldsProjection(ctx.query);
    // The stored public key value is never returned.
    const view = (c: JsonRecord) => {
      const { value: _value, ...shown } = clone(c);
      return project(shown);
    };
    return offsetBody(offsetPage(list, ctx.query, { itemsKey: 'device_credentials', defaultPerPage: 50 }), 'device_credentials', view);
  });

  routes.management(
    'POST',
    '/api/v2/device-credentials',
    ['create:current_user_device_credentials'],
    (ctx) => {
      const body = checkBody(bodyObject(ctx), CREATE_SPEC);
      checkString(body.device_name, 'device_name', { min: 1, max: 100 });
      checkString(body.device_id, 'device_id', { min: 1, max: 100 });
      const clientId = (body.client_id as string | undefined) ?? ctx.token?.clientId;
      if (clientId !== undefined && !tenant.state.clients.has(clientId)) throw notFound('The client does not exist', 'inexistent_client');
      // The credential belongs to the token's subject (a user token's `sub`).
      const subject = String(ctx.token?.claims.sub ?? '');
      if (
        keys()
          .list()
          .some((c) => c.device_id === body.device_id && c.user_id === subject && c.client_id === clientId)
      ) {
        throw conflict('A device credential with the same device_id already exists', 'device_credential_conflict');
      }
      const record: JsonRecord = {
        id: prefixedId('dcr'),
        device_name: body.device_name,
        device_id: body.device_id,
        type: body.type,
        value: body.value,
        user_id: subject,
        client_id: clientId,
      };
      keys().insert(record);
      ctx.status = 201;
      return { id: record.id };
    },
    { description: 'Create a device public key' },
  );

  routes.management(
    'DELETE',
    '/api/v2/device-credentials/:id',
    'delete:device_credentials',
    (ctx) => {
      const id = ctx.params.id;
      // Idempotent, as in Auth0: an absent credential is not an error.
      if (!keys().delete(id)) {
        const token = [...tenant.state.refreshTokens.keys()].find((t) => refreshCredentialId(t) === id);
        if (token !== undefined) tenant.state.refreshTokens.delete(token);
      }
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete a device credential' },
  );

  routes.onSeed((data) => {
    const seeded = data.deviceCredentials;
    if (!Array.isArray(seeded)) return;
    for (const item of seeded as JsonRecord[]) keys().put({ id: prefixedId('dcr'), type: 'public_key', ...item });
  });
};
