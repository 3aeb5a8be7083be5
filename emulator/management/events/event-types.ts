/**
 * Auth0's event catalogue (events-schema.json, `x-release-lifecycle`): the types the emulator
 * accepts in subscriptions, filters and test events. The generally available ones are also the
 * ones its own state changes produce.
 */
export const GA_EVENT_TYPES = [
  'user.created',
  'user.updated',
  'user.deleted',
  'organization.created',
  'organization.updated',
  'organization.deleted',
  'organization.member.added',
  'organization.member.deleted',
  'organization.member.role.assigned',
  'organization.member.role.deleted',
] as const;

export const EARLY_ACCESS_EVENT_TYPES = [
  'organization.connection.added',
  'organization.connection.updated',
  'organization.connection.removed',
  'organization.group.role.assigned',
  'organization.group.role.deleted',
  'group.created',
  'group.updated',
  'group.deleted',
  'group.member.added',
  'group.member.deleted',
  'group.role.assigned',
  'group.role.deleted',
] as const;

export const EVENT_TYPES: readonly string[] = [...GA_EVENT_TYPES, ...EARLY_ACCESS_EVENT_TYPES];

const KNOWN = new Set(EVENT_TYPES);

export function isEventType(value: unknown): value is string {
  return typeof value === 'string' && KNOWN.has(value);
}
