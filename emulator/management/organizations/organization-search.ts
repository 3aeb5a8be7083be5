/**
 * GET /api/v2/organizations/search (Auth0's SDKs of 2026-09): organizations matching `q`, in Lucene
 * (`name:acme*`, `display_name:*auth*`, a bare word matching name or display name) or SCIM syntax
 * (`name eq "acme"`, `display_name sw "ac"`, with `and`), over id, name, display_name and
 * metadata.<key>; sorted by name, display_name or created_at (ascending); checkpoint paging only.
 * The emulator reads the common forms of both syntaxes, not every operator Auth0 has.
 */
import { invalidQuery } from '../../core/errors';
import type { OrganizationRecord } from '../../core/model';
import { checkpointBody, checkpointPage } from '../../core/paging';
import type { RouteContext } from '../../core/types';

type Test = (org: OrganizationRecord) => boolean;

function fieldOf(org: OrganizationRecord, field: string): string | undefined {
  if (field.startsWith('metadata.')) {
    const value = org.metadata?.[field.slice('metadata.'.length)];
    return typeof value === 'string' ? value : undefined;
  }
  const value = (org as unknown as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

const SEARCHABLE = /^(id|name|display_name|created_at|metadata\.[A-Za-z0-9_-]+)$/;

function wildcard(pattern: string): RegExp {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 'i');
}

function luceneTest(q: string): Test {
  const tests = q
    .split(/\s+AND\s+|\s+/)
    .filter((term) => term !== '')
    .map((term): Test => {
      const colon = term.indexOf(':');
      if (colon < 0) {
        const pattern = wildcard(term.includes('*') ? term : `*${term}*`);
        return (org) => pattern.test(org.name) || pattern.test(org.display_name ?? '');
      }
      const field = term.slice(0, colon);
      if (!SEARCHABLE.test(field)) throw invalidQuery(`Field ${field} is not searchable`);
      const pattern = wildcard(term.slice(colon + 1).replace(/^"|"$/g, ''));
      return (org) => pattern.test(fieldOf(org, field) ?? '');
    });
  return (org) => tests.every((test) => test(org));
}

function scimTest(q: string): Test {
  const tests = q.split(/\s+and\s+/i).map((clause): Test => {
    const match = /^\s*([A-Za-z0-9_.-]+)\s+(eq|ne|sw|ew|co|pr)(?:\s+"([^"]*)")?\s*$/i.exec(clause);
    if (!match) throw invalidQuery(`Invalid SCIM filter: ${clause.slice(0, 60)}`);
    const [, field, op, raw = ''] = match;
    if (!SEARCHABLE.test(field)) throw invalidQuery(`Field ${field} is not searchable`);
    const value = raw.toLowerCase();
    return (org) => {
      const actual = fieldOf(org, field)?.toLowerCase();
      switch (op.toLowerCase()) {
        case 'pr':
          return actual !== undefined;
        case 'eq':
          return actual === value;
        case 'ne':
          return actual !== value;
        case 'sw':
          return actual?.startsWith(value) ?? false;
        case 'ew':
          return actual?.endsWith(value) ?? false;
        default:
          return actual?.includes(value) ?? false;
      }
    };
  });
  return (org) => tests.every((test) => test(org));
}

export function searchOrganizations(ctx: RouteContext, view: (org: OrganizationRecord) => unknown): unknown {
  const parser = ctx.query.str('parser') ?? 'lucene';
  if (parser !== 'lucene' && parser !== 'scim') throw invalidQuery('parser must be one of scim, lucene');
  const q = ctx.query.str('q');
  let orgs = ctx.tenant.state.organizations.list();
  if (q !== undefined && q.trim() !== '') orgs = orgs.filter(parser === 'scim' ? scimTest(q) : luceneTest(q));
  const sort = ctx.query.str('sort');
  if (sort !== undefined) {
    if (!['name', 'display_name', 'created_at'].includes(sort)) throw invalidQuery('sort must be one of name, display_name, created_at');
    orgs = [...orgs].sort((a, b) => (fieldOf(a, sort) ?? '').localeCompare(fieldOf(b, sort) ?? ''));
  }
  return checkpointBody(
    checkpointPage(orgs, ctx.query, (o) => o.id),
    'organizations',
    view,
  );
}
