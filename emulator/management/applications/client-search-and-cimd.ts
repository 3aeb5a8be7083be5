/**
 * Management API: searching applications, and applications registered from a Client ID Metadata
 * Document (CIMD): the document's URL is the client's `external_client_id`; registering the same
 * URL again refreshes the client instead of creating another.
 *
 * The emulator never fetches the internet: the documents it "fetches" are seed data,
 * `collections["cimd-documents"]`: `{id: <url>, client_id: <url>, client_name, redirect_uris, …}`.
 */
import type { JsonRecord } from '../../core/collection';
import type { ClientRecord } from '../../core/model';
import { pagedList } from '../../core/paging';
import type { RouteContext, RouteRegistry, Tenant } from '../../core/types';
import { bodyObject, checkBody, payloadError } from '../group-helpers';

type Present = (ctx: RouteContext, client: ClientRecord, single: boolean) => Record<string, unknown>;

interface CimdReading {
  mapped: JsonRecord;
  violations: string[];
  warnings: string[];
}

function externalClientId(ctx: RouteContext): string {
  const { external_client_id: url } = checkBody(bodyObject(ctx), { types: { external_client_id: 'string' }, required: ['external_client_id'] });
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    throw payloadError("Object didn't pass validation for format absolute-https-uri-or-empty", 'external_client_id');
  }
  if (parsed.protocol !== 'https:' || parsed.pathname === '/' || parsed.hash) {
    throw payloadError('external_client_id must be an https URL with a path and no fragment', 'external_client_id');
  }
  return String(url);
}

function readDocument(tenant: Tenant, url: string): CimdReading {
  const doc = tenant.state.collection('cimd-documents').get(url);
  if (!doc) return { mapped: { external_client_id: url }, violations: ['The metadata document could not be retrieved'], warnings: [] };
  const violations: string[] = [];
  const warnings: string[] = [];
  if (doc.client_id !== url) violations.push('client_id in the document must equal the document URL');
  const redirects = Array.isArray(doc.redirect_uris) ? (doc.redirect_uris as string[]) : [];
  if (redirects.length === 0) violations.push('redirect_uris must name at least one URL');
  if (typeof doc.client_name !== 'string') warnings.push('client_name is missing; the host name is used');
  const method = typeof doc.token_endpoint_auth_method === 'string' ? doc.token_endpoint_auth_method : 'none';
  if (!['none', 'private_key_jwt'].includes(method)) violations.push('token_endpoint_auth_method must be none or private_key_jwt');
  const mapped: JsonRecord = {
    external_client_id: url,
    name: typeof doc.client_name === 'string' ? doc.client_name : new URL(url).hostname,
    app_type: method === 'none' ? 'native' : 'regular_web',
    callbacks: redirects,
    grant_types: Array.isArray(doc.grant_types) ? doc.grant_types : ['authorization_code'],
    token_endpoint_auth_method: method,
  };
  for (const key of ['logo_uri', 'jwks_uri']) if (typeof doc[key] === 'string') mapped[key] = doc[key];
  return { mapped, violations, warnings };
}

export function registerClientSearchAndCimd(routes: RouteRegistry, tenant: Tenant, present: Present, newClient: (body: JsonRecord) => ClientRecord): void {
  const clients = () => tenant.state.clients;
  const byExternalId = (url: string) =>
    clients()
      .list()
      .find((c) => c.external_client_id === url);

  routes.management('GET', '/api/v2/clients/search', ['read:clients', 'read:client_summary'], (ctx) => {
    const text = (ctx.query.str('q') ?? ctx.query.str('name') ?? '').toLowerCase();
    const found = clients()
      .list()
      .filter((c) => text === '' || c.name.toLowerCase().includes(text) || c.client_id === text);
    return pagedList(found, ctx.query, { itemsKey: 'clients', defaultPerPage: 50 }, (c) => present(ctx, c, false));
  });

  routes.management(
    'POST',
    '/api/v2/clients/cimd/preview',
    'read:clients',
    (ctx) => {
      const url = externalClientId(ctx);
      const reading = readDocument(tenant, url);
      const existing = byExternalId(url);
      return {
        ...(existing ? { client_id: existing.client_id } : {}),
        mapped_fields: reading.mapped,
        validation: { valid: reading.violations.length === 0, violations: reading.violations, warnings: reading.warnings },
      };
    },
    { description: 'Preview a client metadata document' },
  );

  routes.management(
    'POST',
    '/api/v2/clients/cimd/register',
    ['create:clients', 'update:clients'],
    (ctx) => {
      const url = externalClientId(ctx);
      const reading = readDocument(tenant, url);
      if (reading.violations.length) throw payloadError(`The metadata document is not valid: ${reading.violations.join('; ')}`);
      const validation = { valid: true, violations: [], warnings: reading.warnings };
      const existing = byExternalId(url);
      if (existing) {
        const updated = clients().update(existing.client_id, (client) => Object.assign(client, reading.mapped)) as ClientRecord;
        return { client_id: updated.client_id, mapped_fields: reading.mapped, validation };
      }
      const client = newClient({ ...reading.mapped, is_first_party: false });
      clients().insert(client);
      ctx.status = 201;
      return { client_id: client.client_id, mapped_fields: reading.mapped, validation };
    },
    { description: 'Register a client from its metadata document' },
  );
}
