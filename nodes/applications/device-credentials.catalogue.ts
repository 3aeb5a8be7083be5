/** The `device_credentials` group: device public keys and refresh tokens of users. */
import { common, type GroupSpec } from '../shared/catalogue';

export const deviceCredentialsGroup: GroupSpec = {
  type: 'auth0-device-credentials',
  name: 'device_credentials',
  paletteLabel: 'device credentials',
  api: 'management',
  summary: 'Lists, creates and deletes device credentials: the public keys and refresh tokens issued to users\' devices.',
  details: [
    'Deleting a refresh-token credential revokes that refresh token.',
  ],
  references: [
    { title: 'Management API: Device Credentials', url: 'https://auth0.com/docs/api/management/v2/device-credentials/get-device-credentials' },
  ],
  operations: [
    {
      id: 'get',
      label: 'List device credentials',
      description: 'Lists device credentials, filtered by user, application and type.',
      method: 'GET',
      path: '/api/v2/device-credentials',
      inputs: [
        { name: 'user_id', in: 'query', type: 'string', description: 'Only the credentials of this user.' },
        { name: 'client_id', in: 'query', type: 'string', description: 'Only the credentials issued to this application.' },
        {
          name: 'type', in: 'query', type: 'string', enum: ['public_key', 'refresh_token', 'rotating_refresh_token'],
          description: 'Only credentials of this type: public_key, refresh_token or rotating_refresh_token.',
        },
        common.fields(),
        common.includeFields(true),
        common.page(),
        common.perPage(),
        common.includeTotals(false),
      ],
      paging: ['page'],
      itemsKey: 'device_credentials',
      scopes: ['read:device_credentials'],
      group: 'Read',
    },
    {
      id: 'create',
      label: 'Create device public key',
      description: 'Registers a device public key for the user of the token.',
      method: 'POST',
      path: '/api/v2/device-credentials',
      inputs: [common.body('The credential: device_name, type (public_key), value, device_id and client_id.')],
      scopes: ['create:current_user_device_credentials'],
      group: 'Create and update',
    },
    {
      id: 'delete',
      label: 'Delete device credential',
      description: 'Deletes a device credential (revoking a refresh token).',
      method: 'DELETE',
      path: '/api/v2/device-credentials/{id}',
      inputs: [common.id('The id of the device credential.')],
      scopes: ['delete:device_credentials'],
      group: 'Delete',
    },
  ],
};
