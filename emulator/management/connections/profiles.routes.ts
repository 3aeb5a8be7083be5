/**
 * Connection profiles and user attribute profiles, declared as data (see ../resources.ts), with the
 * ready-made templates Auth0 offers for each (read-only).
 */
import { notFound } from '../../core/errors';
import type { JsonRecord } from '../../core/collection';
import type { RouteRegistry, RoutesModule } from '../../core/types';
import { clone } from '../group-helpers';
import { registerResources, checkpointList, crudScopes, type ResourceSpec } from '../resources';

/** Ready-made templates Auth0 offers for connection and user attribute profiles (read-only). */
const CONNECTION_PROFILE_TEMPLATES: readonly JsonRecord[] = [
  {
    id: 'cpt_okta',
    display_name: 'Okta Workforce',
    template: { name: 'okta-workforce', enabled_features: ['scim'], connection_name_prefix_template: 'okta-{org_name}' },
  },
  {
    id: 'cpt_entra',
    display_name: 'Microsoft Entra ID',
    template: { name: 'entra-id', enabled_features: ['scim'], connection_name_prefix_template: 'entra-{org_name}' },
  },
];
const USER_ATTRIBUTE_PROFILE_TEMPLATES: readonly JsonRecord[] = [
  {
    id: 'uapt_basic',
    display_name: 'Basic profile',
    template: {
      name: 'basic',
      user_id: { oidc_mapping: 'sub' },
      user_attributes: { email: { label: 'E-mail', profile_required: true, auth0_mapping: 'email' } },
    },
  },
];

const PROFILES: readonly ResourceSpec[] = [
  {
    name: 'connection-profiles',
    path: '/api/v2/connection-profiles',
    idPrefix: 'cop',
    scopes: crudScopes('connection_profiles'),
    list: checkpointList('connection_profiles'),
    create: { types: {}, required: ['name'], closed: false },
    unique: 'name',
    notFound: { message: 'The connection profile does not exist.', errorCode: 'connection_profile_not_found' },
  },
  {
    name: 'user-attribute-profiles',
    deleteAbsentAnswers204: true, // as Auth0 answers (recorded)
    path: '/api/v2/user-attribute-profiles',
    idPrefix: 'uap',
    scopes: crudScopes('user_attribute_profiles'),
    list: checkpointList('user_attribute_profiles'),
    create: { types: {}, required: ['name', 'user_attributes'], closed: false },
    unique: 'name',
    notFound: { message: 'The user attribute profile does not exist.', errorCode: 'user_attribute_profile_not_found' },
  },
];

function registerTemplates(routes: RouteRegistry, base: string, scope: string, itemsKey: string, templates: readonly JsonRecord[]): void {
  routes.management('GET', `${base}/templates`, scope, () => ({ [itemsKey]: clone(templates) }));
  routes.management('GET', `${base}/templates/:id`, scope, (ctx) => {
    const found = templates.find((t) => t.id === ctx.params.id);
    if (!found) throw notFound('The template does not exist.', 'inexistent_template');
    return clone(found);
  });
}

export const registerProfilesRoutes: RoutesModule = (routes, tenant) => {
  // Templates first: their static segment must not be read as a profile id.
  registerTemplates(routes, '/api/v2/connection-profiles', 'read:connection_profiles', 'connection_profile_templates', CONNECTION_PROFILE_TEMPLATES);
  registerTemplates(
    routes,
    '/api/v2/user-attribute-profiles',
    'read:user_attribute_profiles',
    'user_attribute_profile_templates',
    USER_ATTRIBUTE_PROFILE_TEMPLATES,
  );
  registerResources(routes, tenant, PROFILES);
};
