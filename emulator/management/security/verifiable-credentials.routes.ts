/** Verifiable credentials' verification templates, declared as data (see ../resources.ts). */
import type { RoutesModule } from '../../core/types';
import { registerResources, checkpointList, crudScopes, type ResourceSpec } from '../resources';

const RESOURCES: readonly ResourceSpec[] = [
  {
    name: 'vdcs-templates',
    path: '/api/v2/verifiable-credentials/verification/templates',
    idPrefix: 'vct',
    scopes: crudScopes('vdcs_templates'),
    list: checkpointList('templates'),
    timestamps: true,
    create: {
      types: {
        name: 'string',
        type: 'string',
        dialect: 'string',
        presentation: 'object',
        custom_certificate_authority: ['string', 'null'],
        well_known_trusted_issuers: 'string',
      },
      required: ['name', 'dialect', 'presentation', 'type', 'well_known_trusted_issuers'],
    },
    notFound: { message: 'The verification template does not exist.', errorCode: 'inexistent_template' },
  },
];

export const registerVerifiableCredentialsRoutes: RoutesModule = (routes, tenant) => registerResources(routes, tenant, RESOURCES);
