/**
 * One-line publishing for the routes that change users and organizations: each state change
 * calls one of these with the request context, and the tenant's event bus does the rest.
 */
import { publicUser } from '../../core/users';
import type { OrganizationRecord, UserRecord } from '../../core/model';
import type { RouteContext } from '../../core/types';
import { eventBusOf, snapshot, type PublishContext } from './event-bus';

function contextOf(ctx: RouteContext): PublishContext {
  const context: PublishContext = { tenant: ctx.tenant, ip: ctx.ip, userAgent: ctx.userAgent, method: ctx.method };
  const clientId =
    ctx.token?.clientId ??
    (typeof (ctx.body as { client_id?: unknown } | undefined)?.client_id === 'string' ? (ctx.body as { client_id: string }).client_id : undefined);
  if (clientId) context.clientId = clientId;
  return context;
}

function organizationView(org: OrganizationRecord): Record<string, unknown> {
  const view: Record<string, unknown> = { id: org.id, name: org.name, display_name: org.display_name ?? org.name };
  if (org.metadata) view.metadata = org.metadata;
  if (org.branding) view.branding = org.branding;
  return view;
}

/** A copy of a record as it is now, for `previous_object` (taken before the change). */
export function eventSnapshot<T>(value: T): T {
  return snapshot(value);
}

/** `user.created`, `user.updated` (with the user as it was), `user.deleted`. */
export function publishUserEvent(
  ctx: RouteContext,
  type: 'user.created' | 'user.updated' | 'user.deleted',
  user: UserRecord | undefined,
  previous?: UserRecord,
): void {
  if (!user) return;
  const object = publicUser(user);
  if (type === 'user.deleted') object.deleted_at = ctx.tenant.clock.isoNow();
  eventBusOf(ctx.tenant).publish(contextOf(ctx), type, object, previous ? publicUser(previous) : undefined);
}

/** `organization.created`, `organization.updated` (with the organization as it was), `organization.deleted`. */
export function publishOrganizationEvent(
  ctx: RouteContext,
  type: 'organization.created' | 'organization.updated' | 'organization.deleted',
  org: OrganizationRecord | undefined,
  previous?: OrganizationRecord,
): void {
  if (!org) return;
  eventBusOf(ctx.tenant).publish(contextOf(ctx), type, organizationView(org), previous ? organizationView(previous) : undefined);
}

/** `organization.member.added|deleted`, and with a role id `organization.member.role.assigned|deleted`. */
export function publishMemberEvent(
  ctx: RouteContext,
  type: 'organization.member.added' | 'organization.member.deleted' | 'organization.member.role.assigned' | 'organization.member.role.deleted',
  orgId: string,
  userId: string,
  roleId?: string,
): void {
  const state = ctx.tenant.state;
  const org = state.organizations.get(orgId);
  const object: Record<string, unknown> = {
    organization: { id: orgId, name: org?.name ?? '' },
    user: { user_id: userId },
  };
  if (roleId !== undefined) object.role = { id: roleId, name: state.roles.get(roleId)?.name ?? '' };
  eventBusOf(ctx.tenant).publish(contextOf(ctx), type, object);
}
