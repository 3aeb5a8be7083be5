/**
 * Custom domains: `/api/v2/custom-domains` (list with q, sort and checkpoint paging, create, get,
 * update, delete), `POST /api/v2/custom-domains/{id}/verify` and `/test`, and the default domain. A new domain waits in `pending_verification`
 * with the TXT record Auth0 would ask for; there is no DNS here, so verifying succeeds and
 * the domain becomes `ready`.
 */
import { ApiError, conflict, invalidQuery, notFound } from '../../core/errors';
import { randomAlnum } from '../../core/ids';
import { checkpointBody, checkpointPage, fieldsProjection, isCheckpointRequest } from '../../core/paging';
import type { JsonRecord } from '../../core/collection';
import type { RoutesModule } from '../../core/types';
import { bodyObject, checkBody, checkString, clone, tenantName, type BodySpec } from '../group-helpers';
import { toText } from '../../../nodes/shared/to-text';

const TYPES = ['auth0_managed_certs', 'self_managed_certs'];
const TLS_POLICIES = ['recommended', 'compatible'];
const IP_HEADERS = ['true-client-ip', 'cf-connecting-ip', 'x-forwarded-for', 'x-azure-clientip', ''];
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;

const CREATE_SPEC: BodySpec = {
  types: {
    domain: 'string',
    type: 'string',
    verification_method: 'string',
    tls_policy: 'string',
    custom_client_ip_header: ['string', 'null'],
    domain_metadata: 'object',
    relying_party_identifier: 'string',
  },
  required: ['domain', 'type'],
  enums: { type: TYPES, verification_method: ['txt'], tls_policy: TLS_POLICIES, custom_client_ip_header: IP_HEADERS },
};

const UPDATE_SPEC: BodySpec = {
  types: { tls_policy: 'string', custom_client_ip_header: ['string', 'null'], domain_metadata: 'object', relying_party_identifier: 'string' },
  enums: { tls_policy: TLS_POLICIES, custom_client_ip_header: IP_HEADERS },
};

export const registerCustomDomainsRoutes: RoutesModule = (routes, tenant) => {
  const domains = () => tenant.state.collection('custom-domains', 'custom_domain_id');
  const requireDomain = (id: string): JsonRecord => {
    const domain = domains().get(id);
    if (!domain) throw notFound('The custom domain does not exist', 'inexistent_custom_domain');
    return domain;
  };

  routes.management('GET', '/api/v2/custom-domains', 'read:custom_domains', (ctx) => {
    const project = fieldsProjection(ctx.query);
    let list = domains().list();
    // q: `field:value` terms joined by AND (the Lucene subset the list is filtered with).
    const q = ctx.query.str('q');
    if (q) {
      for (const term of q.split(/\s+AND\s+/)) {
        const match = /^([a-z_]+):"?([^"]*)"?$/.exec(term.trim());
        if (!match) throw invalidQuery(`Invalid query: ${term}`);
        list = list.filter((d) => String(d[match[1]]) === match[2]);
      }
    }
    const sort = ctx.query.str('sort');
    if (sort) {
      const match = /^([a-z_]+):(1|-1)$/.exec(sort);
      if (!match) throw invalidQuery('Invalid sort: use field:1 or field:-1');
      const order = match[2] === '1' ? 1 : -1;
      list = [...list].sort((a, b) => toText(a[match[1]] ?? '').localeCompare(toText(b[match[1]] ?? '')) * order);
    }
    // With from or take Auth0 pages by checkpoint and answers { custom_domains, next }; without, a bare array.
    if (isCheckpointRequest(ctx.query)) {
      return checkpointBody(
        checkpointPage(list, ctx.query, (d) => String(d.custom_domain_id)),
        'custom_domains',
        (d) => project(clone(d)),
      );
    }
    return list.map((d) => project(clone(d)));
  });

  // The default domain: the one links and e-mails use when several are ready (the tenant's own domain until one is chosen).
  const defaultDomain = () => tenant.state.doc<{ domain?: string }>('custom-domains:default', () => ({}));
  const defaultView = (): JsonRecord => {
    const chosen = defaultDomain().domain;
    const record = chosen
      ? domains()
          .list()
          .find((d) => d.domain === chosen)
      : undefined;
    return record ? { ...clone(record), is_default: true } : { domain: tenant.domain };
  };
  routes.management('GET', '/api/v2/custom-domains/default', 'read:custom_domains', () => defaultView());
  routes.management(
    'PATCH',
    '/api/v2/custom-domains/default',
    'update:custom_domains',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), { types: { domain: 'string' }, required: ['domain'] });
      const name = (body.domain as string).toLowerCase();
      if (name !== tenant.domain.toLowerCase()) {
        const record = domains()
          .list()
          .find((d) => d.domain === name);
        if (!record) throw new ApiError(400, 'The domain is not a custom domain of this tenant', 'invalid_body');
        if (record.status !== 'ready') throw new ApiError(400, 'Only a verified (ready) custom domain can be the default', 'invalid_body');
      }
      tenant.state.setDoc('custom-domains:default', name === tenant.domain.toLowerCase() ? {} : { domain: name });
      return defaultView();
    },
    { description: 'Set the default custom domain' },
  );

  routes.management(
    'POST',
    '/api/v2/custom-domains/:id/test',
    'read:custom_domains',
    (ctx) => {
      const domain = requireDomain(ctx.params.id);
      if (domain.status !== 'ready') throw conflict('The custom domain is not ready; verify it first', 'custom_domain_not_ready');
      return { success: true, message: `${String(domain.domain)} answers` };
    },
    { description: 'Test a custom domain' },
  );

  routes.management(
    'POST',
    '/api/v2/custom-domains',
    'create:custom_domains',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), CREATE_SPEC);
      checkString(body.domain, 'domain', { pattern: DOMAIN_PATTERN });
      const name = (body.domain as string).toLowerCase();
      if (
        domains()
          .list()
          .some((d) => d.domain === name)
      )
        throw conflict('The custom domain already exists', 'custom_domain_conflict');
      const id = `cd_${randomAlnum(16)}`;
      // A CNAME to the tenant's edge unless TXT verification is asked for; Auth0 also answers
      // is_default, the verification status, created_at and (managed certificates) the
      // certificate authority (recorded 2025–2026).
      const method =
        body.verification_method === 'txt'
          ? { name: 'txt', record: `auth0-domain-verification=${randomAlnum(32).toLowerCase()}`, domain: `_cf-custom-hostname.${name}` }
          : { name: 'CNAME', record: `${tenantName(tenant)}-${id.toLowerCase().replace('_', '-')}.edge.tenants.auth0.com`, domain: name };
      const record: JsonRecord = {
        custom_domain_id: id,
        domain: name,
        primary: domains().size === 0,
        is_default: false,
        status: 'pending_verification',
        type: body.type,
        verification: { methods: [method], status: 'pending' },
        certificate: body.type === 'auth0_managed_certs' ? { certificate_authority: 'letsencrypt' } : undefined,
        created_at: tenant.clock.isoNow(),
        tls_policy: body.type === 'auth0_managed_certs' ? (body.tls_policy ?? 'recommended') : undefined,
        custom_client_ip_header: body.custom_client_ip_header ?? undefined,
        domain_metadata: body.domain_metadata,
        relying_party_identifier: body.relying_party_identifier,
      };
      for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
      domains().insert(record);
      ctx.status = 201;
      return clone(record);
    },
    { description: 'Create a custom domain' },
  );

  routes.management('GET', '/api/v2/custom-domains/:id', 'read:custom_domains', (ctx) => clone(requireDomain(ctx.params.id)));

  routes.management(
    'PATCH',
    '/api/v2/custom-domains/:id',
    'update:custom_domains',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), UPDATE_SPEC);
      requireDomain(ctx.params.id);
      return clone(
        domains().update(ctx.params.id, (domain) => {
          for (const [key, value] of Object.entries(clone(body))) {
            if (value === null) delete domain[key];
            else domain[key] = value;
          }
        }),
      );
    },
    { description: 'Update a custom domain' },
  );

  routes.management(
    'DELETE',
    '/api/v2/custom-domains/:id',
    'delete:custom_domains',
    (ctx) => {
      // Idempotent, as in Auth0: an absent domain is not an error.
      domains().delete(ctx.params.id);
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete a custom domain' },
  );

  routes.management(
    'POST',
    '/api/v2/custom-domains/:id/verify',
    'create:custom_domains',
    (ctx) => {
      const domain = requireDomain(ctx.params.id);
      const updated = domains().update(domain.custom_domain_id as string, (d) => {
        d.status = 'ready';
        d.verification = { ...(d.verification as JsonRecord), status: 'verified' };
        d.origin_domain_name = `${String(d.domain).replace(/\./g, '-')}-cd-${randomAlnum(16).toLowerCase()}.edge.tenants.auth0.com`;
        if (d.type === 'self_managed_certs' && d.cname_api_key === undefined) d.cname_api_key = randomAlnum(64).toLowerCase();
      }) as JsonRecord;
      return clone(updated);
    },
    { description: 'Verify a custom domain' },
  );
};
