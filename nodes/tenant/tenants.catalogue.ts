/** The `tenants` group: the tenant's settings. */
import { common, type GroupSpec } from '../shared/catalogue';

export const tenantsGroup: GroupSpec = {
  type: 'auth0-tenants',
  name: 'tenants',
  paletteLabel: 'tenant settings',
  api: 'management',
  summary: 'Reads and updates the tenant settings (friendly name, support addresses, session lifetimes, flags and so on).',
  references: [
    { title: 'Management API: Tenants', url: 'https://auth0.com/docs/api/management/v2/tenants/tenant-settings-route' },
    { title: 'Tenant settings', url: 'https://auth0.com/docs/get-started/tenant-settings' },
  ],
  operations: [
    {
      id: 'get',
      label: 'Get tenant settings',
      description: 'Reads the tenant settings.',
      method: 'GET',
      path: '/api/v2/tenants/settings',
      inputs: [common.fields(), common.includeFields(true)],
      scopes: ['read:tenant_settings'],
      group: 'Read',
    },
    {
      id: 'update',
      label: 'Update tenant settings',
      description: 'Changes the settings given in body.',
      method: 'PATCH',
      path: '/api/v2/tenants/settings',
      inputs: [common.body('The settings to change, for example friendly_name, support_email or session_lifetime.')],
      scopes: ['update:tenant_settings'],
      group: 'Create and update',
    },
  ],
};
