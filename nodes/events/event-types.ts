/**
 * Auth0's event catalogue (the events schema's `x-release-lifecycle`): the event types a
 * subscription, a filter or a test event may name. One table for the catalogue's enums, the
 * watcher's settings check and the editor's type list.
 */
export interface EventTypeInfo {
  type: string;
  lifecycle: 'ga' | 'early-access';
  description: string;
}

export const EVENT_TYPE_TABLE: readonly EventTypeInfo[] = [
  { type: 'user.created', lifecycle: 'ga', description: 'A user was created (Management API, signup, import, first social login).' },
  { type: 'user.updated', lifecycle: 'ga', description: 'A user was changed; data.previous_object holds the user before.' },
  { type: 'user.deleted', lifecycle: 'ga', description: 'A user was deleted.' },
  { type: 'organization.created', lifecycle: 'ga', description: 'An organization was created.' },
  { type: 'organization.updated', lifecycle: 'ga', description: 'An organization was changed.' },
  { type: 'organization.deleted', lifecycle: 'ga', description: 'An organization was deleted.' },
  { type: 'organization.member.added', lifecycle: 'ga', description: 'A user became a member of an organization.' },
  { type: 'organization.member.deleted', lifecycle: 'ga', description: 'A member was removed from an organization.' },
  { type: 'organization.member.role.assigned', lifecycle: 'ga', description: 'A role was assigned to an organization member.' },
  { type: 'organization.member.role.deleted', lifecycle: 'ga', description: 'A role was removed from an organization member.' },
  { type: 'organization.connection.added', lifecycle: 'early-access', description: 'A connection was enabled for an organization.' },
  { type: 'organization.connection.updated', lifecycle: 'early-access', description: "An organization's connection settings changed." },
  { type: 'organization.connection.removed', lifecycle: 'early-access', description: 'A connection was disabled for an organization.' },
  { type: 'organization.group.role.assigned', lifecycle: 'early-access', description: 'A role was assigned to a group in an organization.' },
  { type: 'organization.group.role.deleted', lifecycle: 'early-access', description: 'A role was removed from a group in an organization.' },
  { type: 'group.created', lifecycle: 'early-access', description: 'A group was created.' },
  { type: 'group.updated', lifecycle: 'early-access', description: 'A group was changed.' },
  { type: 'group.deleted', lifecycle: 'early-access', description: 'A group was deleted.' },
  { type: 'group.member.added', lifecycle: 'early-access', description: 'A member was added to a group.' },
  { type: 'group.member.deleted', lifecycle: 'early-access', description: 'A member was removed from a group.' },
  { type: 'group.role.assigned', lifecycle: 'early-access', description: 'A role was assigned to a group.' },
  { type: 'group.role.deleted', lifecycle: 'early-access', description: 'A role was removed from a group.' },
];

export const EVENT_TYPES: readonly string[] = EVENT_TYPE_TABLE.map((t) => t.type);

const KNOWN = new Set(EVENT_TYPES);

/** The names in `types` that are not Auth0 event types. */
export function unknownEventTypes(types: readonly string[]): string[] {
  return types.filter((type) => !KNOWN.has(type));
}
