/** Management API: /api/v2/users and its sub-resources. */
import { ApiError, badRequest, notFound } from '../../core/errors';
import { randomAlnum } from '../../core/ids';
import type { Identity, UserRecord } from '../../core/model';
import { fieldsProjection, offsetBody, offsetPage, pagedList, sortBy } from '../../core/paging';
import type { TenantState } from '../../core/state';
import type { RouteContext, RoutesModule } from '../../core/types';
import { USER_CREATE_FIELDS, USER_UPDATE_FIELDS, createUser, deleteUser, publicUser, updateUser, validateUserBody } from '../../core/users';
import { objectBody, optionalString, payloadError, stringList } from '../body';
import { addPermissions, permissionList, removePermissions, userPermissionViews } from '../roles/permissions';
import { compileUserQuery } from './user-search';
import { eventSnapshot, publishUserEvent } from '../events/publish';

export const USER_NOT_FOUND = 'The user does not exist.';

export function requireUser(state: TenantState, userId: string): UserRecord {
  const user = state.users.get(userId);
  if (!user) throw notFound(USER_NOT_FOUND, 'inexistent_user');
  return user;
}

const READ_USERS = ['read:users'];
const UPDATE_USERS = ['update:users'];

function listUsers(ctx: RouteContext): unknown {
  const state = ctx.tenant.state;
  const q = ctx.query;
  const searchEngine = q.str('search_engine');
  if (searchEngine && !['v1', 'v2', 'v3'].includes(searchEngine))
    throw badRequest(`Query validation error: 'search_engine' must be v1, v2 or v3`, 'invalid_query_string');
  let users: UserRecord[];
  const query = q.str('q');
  const connection = q.str('connection');
  if (query || connection) {
    const matches = query ? compileUserQuery(query) : () => true;
    users = [];
    for (const user of state.users.values()) {
      if (connection && !user.identities.some((i) => i.connection === connection)) continue;
      if (matches(user)) users.push(user);
    }
  } else {
    users = state.users.list();
  }
  sortBy(users, q.str('sort'));
  return pagedList(users, q, { itemsKey: 'users', defaultPerPage: 50, maxPerPage: 100, cap: 1000, withLength: true }, publicUser);
}

function identityView(identity: Identity): Record<string, unknown> {
  return { ...identity };
}

export const registerUsersRoutes: RoutesModule = (routes) => {
  routes.management('GET', '/api/v2/users', READ_USERS, listUsers);

  routes.management(
    'POST',
    '/api/v2/users',
    ['create:users'],
    (ctx) => {
      const body = validateUserBody(ctx.body, USER_CREATE_FIELDS);
      const user = createUser(ctx.tenant.state, body, { now: ctx.tenant.clock.isoNow() });
      publishUserEvent(ctx, 'user.created', user);
      if (body.verify_email !== false && user.email && !user.email_verified) {
        ctx.tenant.outbox.push({
          channel: 'email',
          to: user.email,
          kind: 'verify_email',
          subject: 'Verify your email',
          body: `Please verify your email address ${user.email}.`,
        });
      }
      ctx.status = 201;
      return publicUser(user);
    },
    { description: 'Create a User' },
  );

  routes.management('GET', '/api/v2/users/:id', READ_USERS, (ctx) => {
    return fieldsProjection(ctx.query)(publicUser(requireUser(ctx.tenant.state, ctx.params.id)));
  });

  routes.management(
    'PATCH',
    '/api/v2/users/:id',
    ['update:users', 'update:users_app_metadata'],
    (ctx) => {
      const body = validateUserBody(ctx.body ?? {}, USER_UPDATE_FIELDS);
      const scopes = ctx.token?.scopes;
      // update:users_app_metadata alone may only change metadata.
      if (scopes && !scopes.has('update:users') && Object.keys(body).some((k) => k !== 'app_metadata' && k !== 'user_metadata')) {
        throw new ApiError(403, 'Insufficient scope, expected any of: update:users', 'insufficient_scope');
      }
      const previous = eventSnapshot(ctx.tenant.state.users.get(ctx.params.id));
      const user = updateUser(ctx.tenant.state, ctx.params.id, body, ctx.tenant.clock.isoNow());
      publishUserEvent(ctx, 'user.updated', user, previous);
      return publicUser(user);
    },
    { description: 'Update a User' },
  );

  routes.management(
    'DELETE',
    '/api/v2/users/:id',
    ['delete:users'],
    (ctx) => {
      ctx.status = 204;
      // Deleting a user who is already gone answers 204 at Auth0 too (recorded): offboarding may repeat.
      const user = ctx.tenant.state.users.get(ctx.params.id);
      if (!user) return;
      deleteUser(ctx.tenant.state, user.user_id);
      publishUserEvent(ctx, 'user.deleted', user);
    },
    { description: 'Delete a User' },
  );

  // Roles of a user.
  routes.management('GET', '/api/v2/users/:id/roles', ['read:users', 'read:roles', 'read:role_members'], (ctx) => {
    const state = ctx.tenant.state;
    requireUser(state, ctx.params.id);
    const roles = state.userRoles.rightsOf(ctx.params.id).flatMap((id) => state.roles.get(id) ?? []);
    return pagedList(roles, ctx.query, { itemsKey: 'roles', defaultPerPage: 50 }, (r) => ({ ...r }));
  });
  routes.management(
    'POST',
    '/api/v2/users/:id/roles',
    ['create:role_members'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireUser(state, ctx.params.id);
      const roleIds = stringList(objectBody(ctx.body), 'roles');
      for (const id of roleIds) if (!state.roles.has(id)) throw notFound(`Role ${id} does not exist`, 'inexistent_role');
      for (const id of roleIds) state.userRoles.add(ctx.params.id, id);
      ctx.status = 204;
    },
    { description: 'Assign roles to a user' },
  );
  routes.management(
    'DELETE',
    '/api/v2/users/:id/roles',
    ['delete:role_members'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireUser(state, ctx.params.id);
      for (const id of stringList(objectBody(ctx.body), 'roles')) state.userRoles.remove(ctx.params.id, id);
      ctx.status = 204;
    },
    { description: 'Remove roles from a user' },
  );

  // Permissions of a user (direct, and through roles on GET).
  routes.management('GET', '/api/v2/users/:id/permissions', READ_USERS, (ctx) => {
    const state = ctx.tenant.state;
    requireUser(state, ctx.params.id);
    return pagedList(userPermissionViews(state, ctx.params.id), ctx.query, { itemsKey: 'permissions', defaultPerPage: 50 });
  });
  routes.management(
    'POST',
    '/api/v2/users/:id/permissions',
    UPDATE_USERS,
    (ctx) => {
      const state = ctx.tenant.state;
      requireUser(state, ctx.params.id);
      addPermissions(state.userPermissions, ctx.params.id, permissionList(state, objectBody(ctx.body)));
      ctx.status = 201;
      return {}; // Auth0 answers an empty object (recorded)
    },
    { description: 'Assign permissions to a user' },
  );
  routes.management(
    'DELETE',
    '/api/v2/users/:id/permissions',
    UPDATE_USERS,
    (ctx) => {
      const state = ctx.tenant.state;
      requireUser(state, ctx.params.id);
      removePermissions(state.userPermissions, ctx.params.id, permissionList(state, objectBody(ctx.body)));
      ctx.status = 204;
    },
    { description: 'Remove permissions from a user' },
  );

  // Organizations of a user.
  routes.management('GET', '/api/v2/users/:id/organizations', ['read:users', 'read:organizations'], (ctx) => {
    const state = ctx.tenant.state;
    requireUser(state, ctx.params.id);
    const orgs = state.orgMembers.leftsOf(ctx.params.id).flatMap((id) => state.organizations.get(id) ?? []);
    return pagedList(orgs, ctx.query, { itemsKey: 'organizations', defaultPerPage: 50 }, (o) => ({ ...o }));
  });

  // Log events of a user (newest first unless sort says otherwise).
  routes.management('GET', '/api/v2/users/:id/logs', ['read:logs', 'read:logs_users'], (ctx) => {
    requireUser(ctx.tenant.state, ctx.params.id);
    const events = ctx.tenant.logs.forUser(ctx.params.id);
    // log_id order is creation order, so it sorts dates without same-millisecond ties.
    sortBy(events, ctx.query.str('sort') ?? 'date:-1', (event, field) => (field === 'date' ? event.log_id : (event as Record<string, unknown>)[field]));
    const page = offsetPage(events, ctx.query, { itemsKey: 'logs', defaultPerPage: 50, maxPerPage: 100, withLength: true });
    return offsetBody(page, 'logs');
  });

  // Multifactor.
  routes.management('GET', '/api/v2/users/:id/enrollments', READ_USERS, (ctx) => {
    requireUser(ctx.tenant.state, ctx.params.id);
    return ctx.tenant.state.enrollments.findBy('user', ctx.params.id).map(({ user_id: _user, ...view }) => view);
  });
  routes.management(
    'DELETE',
    '/api/v2/users/:id/authenticators',
    ['delete:guardian_enrollments'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireUser(state, ctx.params.id);
      for (const enrollment of state.enrollments.findBy('user', ctx.params.id)) state.enrollments.delete(enrollment.id);
      state.users.update(ctx.params.id, (u) => {
        delete u.multifactor;
      });
      ctx.log({ type: 'gd_unenroll', description: 'All authenticators deleted', user_id: ctx.params.id });
      ctx.status = 204;
    },
    { description: 'Delete all authenticators of a user' },
  );
  routes.management(
    'DELETE',
    '/api/v2/users/:id/multifactor/:provider',
    UPDATE_USERS,
    (ctx) => {
      const state = ctx.tenant.state;
      requireUser(state, ctx.params.id);
      const provider = ctx.params.provider;
      if (provider !== 'duo' && provider !== 'google-authenticator') {
        throw badRequest(`Path validation error: 'provider' must be one of duo, google-authenticator`, 'invalid_uri');
      }
      state.users.update(ctx.params.id, (u) => {
        const remaining = (u.multifactor ?? []).filter((m) => m !== provider);
        if (remaining.length) u.multifactor = remaining;
        else delete u.multifactor;
      });
      ctx.status = 204;
    },
    { description: 'Delete a multifactor provider of a user' },
  );
  routes.management(
    'POST',
    '/api/v2/users/:id/multifactor/actions/invalidate-remember-browser',
    UPDATE_USERS,
    (ctx) => {
      const state = ctx.tenant.state;
      requireUser(state, ctx.params.id);
      const secrets = state.userSecrets.get(ctx.params.id) ?? {};
      secrets.browsersInvalidatedAt = ctx.tenant.clock.now();
      state.userSecrets.set(ctx.params.id, secrets);
      ctx.status = 204;
    },
    { description: 'Invalidate remembered browsers' },
  );
  routes.management(
    'POST',
    '/api/v2/users/:id/recovery-code-regeneration',
    UPDATE_USERS,
    (ctx) => {
      const state = ctx.tenant.state;
      requireUser(state, ctx.params.id);
      const code = randomAlnum(24).toUpperCase();
      const secrets = state.userSecrets.get(ctx.params.id) ?? {};
      secrets.recoveryCode = code;
      state.userSecrets.set(ctx.params.id, secrets);
      return { recovery_code: code };
    },
    { description: 'Regenerate the recovery code of a user' },
  );

  // Account linking.
  routes.management(
    'POST',
    '/api/v2/users/:id/identities',
    UPDATE_USERS,
    (ctx) => {
      const state = ctx.tenant.state;
      const primary = requireUser(state, ctx.params.id);
      const body = objectBody(ctx.body);
      let secondaryId: string;
      const linkWith = optionalString(body, 'link_with');
      if (linkWith) {
        const checked = ctx.tenant.signer.check(linkWith, ctx.tenant.clock.nowSeconds());
        if (!checked.ok || typeof checked.claims.sub !== 'string') throw badRequest('The link_with token is not valid', 'invalid_body');
        secondaryId = checked.claims.sub;
      } else {
        const provider = optionalString(body, 'provider');
        const userId = body.user_id;
        if (!provider) throw payloadError('Missing required property: provider');
        if (typeof userId !== 'string' && typeof userId !== 'number') throw payloadError('Missing required property: user_id');
        // Auth0 takes the identity's own id or the full user id (`auth0|…`, as go-auth0 sends it, recorded).
        const given = String(userId);
        secondaryId = given.startsWith(`${provider}|`) ? given : `${provider}|${given}`;
      }
      if (secondaryId === primary.user_id) throw badRequest('Main identity and the new one are the same.', 'invalid_body');
      const secondary = state.users.get(secondaryId);
      if (!secondary) throw badRequest('The secondary user does not exist.', 'invalid_body');
      if (secondary.identities.length > 1) throw badRequest('The secondary user has linked identities.', 'invalid_body');
      const { identities: secondaryIdentities, ...profile } = publicUser(secondary) as UserRecord;
      const identity: Identity = { ...secondaryIdentities[0], profileData: profile };
      // The secondary user disappears as a user (its relations go with it) and lives on as an identity.
      deleteUser(state, secondary.user_id);
      const updated = state.users.update(primary.user_id, (u) => {
        u.identities = [...u.identities, identity];
        u.updated_at = ctx.tenant.clock.isoNow();
      }) as UserRecord;
      ctx.status = 201;
      return updated.identities.map(identityView);
    },
    { description: 'Link a user account' },
  );

  routes.management(
    'DELETE',
    '/api/v2/users/:id/identities/:provider/:user_id',
    UPDATE_USERS,
    (ctx) => {
      const state = ctx.tenant.state;
      const primary = requireUser(state, ctx.params.id);
      const { provider, user_id: identityUserId } = ctx.params;
      const index = primary.identities.findIndex((i) => i.provider === provider && String(i.user_id) === identityUserId);
      if (index < 0) throw notFound('The identity does not exist.', 'inexistent_identity');
      if (index === 0) throw badRequest('Main identity cannot be removed', 'operation_not_supported');
      const identity = primary.identities[index];
      const updated = state.users.update(primary.user_id, (u) => {
        u.identities = u.identities.filter((_, i) => i !== index);
        u.updated_at = ctx.tenant.clock.isoNow();
      }) as UserRecord;
      // The unlinked identity becomes a user of its own again.
      const { profileData, ...plainIdentity } = identity;
      const now = ctx.tenant.clock.isoNow();
      const restored: UserRecord = {
        ...((profileData ?? {}) as Partial<UserRecord>),
        created_at: (profileData?.created_at as string | undefined) ?? now,
        updated_at: now,
        user_id: `${identity.provider}|${identity.user_id}`,
        identities: [plainIdentity],
      };
      if (!state.users.has(restored.user_id)) state.users.insert(restored);
      return updated.identities.map(identityView);
    },
    { description: 'Unlink a user account' },
  );
};
