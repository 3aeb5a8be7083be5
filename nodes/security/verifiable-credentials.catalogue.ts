/** The `verifiable_credentials` group: manages the verification templates for verifiable digital credentials (for example mobile driving licences): what a presentation must contain and whose credentials are trusted. */
import { common, type GroupSpec } from '../shared/catalogue';

export const verifiableCredentialsGroup: GroupSpec = {
  type: 'auth0-verifiable-credentials',
  name: 'verifiable_credentials',
  paletteLabel: 'verifiable credentials',
  api: 'management',
  summary:
    'Manages the verification templates for verifiable digital credentials (for example mobile driving licences): what a presentation must contain and whose credentials are trusted.',
  details: ['Each operation names the scopes its token needs.'],
  references: [
    { title: 'Management API: Verifiable credentials', url: 'https://auth0.com/docs/api/management/v2/verifiable-credentials/get-verification-templates' },
  ],
  operations: [
    {
      id: 'list_verification_templates',
      label: 'List verification templates',
      description: 'Lists the verification templates of the tenant.',
      method: 'GET',
      path: '/api/v2/verifiable-credentials/verification/templates',
      inputs: [common.fromParam(), common.take()],
      paging: ['checkpoint'],
      itemsKey: 'templates',
      scopes: ['read:vdcs_templates'],
      group: 'Verification templates',
    },
    {
      id: 'create_verification_template',
      label: 'Create verification template',
      description: 'Creates a verification template from body.',
      method: 'POST',
      path: '/api/v2/verifiable-credentials/verification/templates',
      inputs: [common.body('The new verification template: name, type, dialect, presentation and well_known_trusted_issuers (required).')],
      scopes: ['create:vdcs_templates'],
      group: 'Verification templates',
    },
    {
      id: 'get_verification_template',
      label: 'Get verification template',
      description: 'Reads one verification template by its id.',
      method: 'GET',
      path: '/api/v2/verifiable-credentials/verification/templates/{id}',
      inputs: [{ name: 'id', in: 'path', type: 'string', required: true, description: 'The id of the verification template.' }],
      scopes: ['read:vdcs_templates'],
      group: 'Verification templates',
    },
    {
      id: 'update_verification_template',
      label: 'Update verification template',
      description: 'Changes the attributes of a verification template given in body.',
      method: 'PATCH',
      path: '/api/v2/verifiable-credentials/verification/templates/{id}',
      inputs: [
        { name: 'id', in: 'path', type: 'string', required: true, description: 'The id of the verification template.' },
        common.body('The attributes to change.'),
      ],
      scopes: ['update:vdcs_templates'],
      group: 'Verification templates',
    },
    {
      id: 'delete_verification_template',
      label: 'Delete verification template',
      description: 'Deletes a verification template. This cannot be undone.',
      method: 'DELETE',
      path: '/api/v2/verifiable-credentials/verification/templates/{id}',
      inputs: [{ name: 'id', in: 'path', type: 'string', required: true, description: 'The id of the verification template.' }],
      scopes: ['delete:vdcs_templates'],
      group: 'Verification templates',
    },
  ],
};
