/**
 * Management API: /api/v2/self-service-profiles: the profiles (plain collection), their custom texts
 * per language and page, and SSO tickets, the links a customer's administrator opens to set up their
 * own connection; a revoked ticket is gone.
 */
import { notFound } from '../../core/errors';
import { randomAlnum } from '../../core/ids';
import type { RoutesModule } from '../../core/types';
import { bodyObject, checkBody, clone } from '../group-helpers';
import { registerResources } from '../resources';

const PROFILES = 'self-service-profiles';
const TICKETS = 'self-service-sso-tickets';
const PROFILE_MISSING = 'The self-service profile does not exist.';

const TICKET_BODY = {
  types: {
    connection_id: 'string',
    connection_config: 'object',
    enabled_clients: 'array',
    enabled_organizations: 'array',
    ttl_sec: 'integer',
    domain_aliases_config: 'object',
    provisioning_config: 'object',
    use_for_organization_discovery: 'boolean',
    enabled_features: 'object',
  },
} as const;

export const registerSelfServiceProfilesRoutes: RoutesModule = (routes, tenant) => {
  registerResources(routes, tenant, [
    {
      name: PROFILES,
      deleteAbsentAnswers204: true, // as Auth0 answers (recorded)
      path: '/api/v2/self-service-profiles',
      idPrefix: 'ssp',
      timestamps: true,
      scopes: {
        list: 'read:self_service_profiles',
        create: 'create:self_service_profiles',
        get: 'read:self_service_profiles',
        update: 'update:self_service_profiles',
        delete: 'delete:self_service_profiles',
      },
      list: { shape: 'offset', itemsKey: 'self_service_profiles' },
      create: {
        types: {
          name: 'string',
          description: 'string',
          branding: 'object',
          allowed_strategies: 'array',
          user_attributes: 'array',
          user_attribute_profile_id: 'string',
        },
        required: ['name'],
        defaults: { user_attributes: [] },
      },
      notFound: { message: PROFILE_MISSING, errorCode: 'inexistent_self_service_profile' },
    },
  ]);

  const requireProfile = (id: string): void => {
    if (!tenant.state.collection(PROFILES).has(id)) throw notFound(PROFILE_MISSING, 'inexistent_self_service_profile');
  };
  const textDoc = (id: string, language: string, page: string) => `self-service-custom-text\n${id}\n${language}\n${page}`;

  const textPath = '/api/v2/self-service-profiles/:id/custom-text/:language/:page';
  routes.management('GET', textPath, 'read:self_service_profile_custom_texts', (ctx) => {
    requireProfile(ctx.params.id);
    return clone(tenant.state.doc(textDoc(ctx.params.id, ctx.params.language, ctx.params.page), () => ({})));
  });
  routes.management('PUT', textPath, 'update:self_service_profile_custom_texts', (ctx) => {
    requireProfile(ctx.params.id);
    const texts = checkBody(bodyObject(ctx), { types: {}, closed: false });
    tenant.state.setDoc(textDoc(ctx.params.id, ctx.params.language, ctx.params.page), clone(texts));
    return clone(texts);
  });

  routes.management(
    'POST',
    '/api/v2/self-service-profiles/:id/sso-ticket',
    'create:sso_access_tickets',
    (ctx) => {
      requireProfile(ctx.params.id);
      const body = checkBody(bodyObject(ctx, true), TICKET_BODY);
      if (typeof body.connection_id === 'string' && !tenant.state.connections.has(body.connection_id)) {
        throw notFound('The connection does not exist.', 'inexistent_connection');
      }
      const id = randomAlnum(32);
      tenant.state.collection(TICKETS).insert({ id, profile_id: ctx.params.id, ...clone(body), created_at: tenant.clock.isoNow() });
      ctx.status = 201;
      return { ticket: `https://${tenant.domain}/self-service/connections-flow?ticket=${id}` };
    },
    { description: 'Create a self-service SSO ticket' },
  );

  routes.management(
    'POST',
    '/api/v2/self-service-profiles/:id/sso-ticket/:ticket_id/revoke',
    'delete:sso_access_tickets',
    (ctx) => {
      const tickets = tenant.state.collection(TICKETS);
      const ticket = tickets.get(ctx.params.ticket_id);
      if (!ticket || ticket.profile_id !== ctx.params.id) throw notFound('The ticket does not exist.', 'inexistent_ticket');
      tickets.delete(ctx.params.ticket_id);
      ctx.status = 202;
      return undefined;
    },
    { description: 'Revoke a self-service SSO ticket' },
  );
};
