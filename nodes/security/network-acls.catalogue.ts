/** The `network_acls` group: tenant access control lists that allow, block or redirect traffic by IP, country or signal. */
import { common, type GroupSpec } from '../shared/catalogue';

const aclId = common.id('The id of the network ACL.');

export const networkAclsGroup: GroupSpec = {
  type: 'auth0-network-acls',
  name: 'network_acls',
  paletteLabel: 'network ACLs',
  api: 'management',
  summary: "Lists, creates, reads, replaces, updates and deletes the tenant's network access control lists.",
  details: [
    'A network ACL has a description, an active flag, a priority and a rule: what to match (IP addresses, countries, JA3/JA4 fingerprints, user agents…) and the action (allow, block, log or redirect).',
    'update replaces the whole ACL (PUT); update_partial changes only the properties given (PATCH).',
  ],
  references: [
    { title: 'Management API: Network ACLs', url: 'https://auth0.com/docs/api/management/v2/network-acls/get-network-acls' },
    { title: 'Tenant access control list', url: 'https://auth0.com/docs/secure/tenant-access-control-list' },
  ],
  operations: [
    {
      id: 'all',
      label: 'List network ACLs',
      description: 'Lists the network ACLs, one page at a time.',
      method: 'GET',
      path: '/api/v2/network-acls',
      inputs: [common.page(0), common.perPage(25), common.includeTotals(true)],
      paging: ['page'],
      itemsKey: 'network_acls',
      scopes: ['read:network_acls'],
      group: 'Read',
    },
    {
      id: 'create',
      label: 'Create network ACL',
      description: 'Creates a network ACL.',
      method: 'POST',
      path: '/api/v2/network-acls',
      inputs: [common.body('The ACL: description, active and rule (required), priority.')],
      scopes: ['create:network_acls'],
      group: 'Create and update',
    },
    {
      id: 'get',
      label: 'Get network ACL',
      description: 'Reads one network ACL.',
      method: 'GET',
      path: '/api/v2/network-acls/{id}',
      inputs: [aclId],
      scopes: ['read:network_acls'],
      group: 'Read',
    },
    {
      id: 'update',
      label: 'Replace network ACL',
      description: 'Replaces a network ACL with the one given in body.',
      method: 'PUT',
      path: '/api/v2/network-acls/{id}',
      inputs: [aclId, common.body('The whole ACL: description, active and rule (required), priority.')],
      scopes: ['update:network_acls'],
      group: 'Create and update',
    },
    {
      id: 'update_partial',
      label: 'Update network ACL',
      description: 'Changes only the properties of a network ACL given in body.',
      method: 'PATCH',
      path: '/api/v2/network-acls/{id}',
      inputs: [aclId, common.body('The properties to change: description, active, priority, rule.')],
      scopes: ['update:network_acls'],
      group: 'Create and update',
    },
    {
      id: 'delete',
      label: 'Delete network ACL',
      description: 'Deletes a network ACL.',
      method: 'DELETE',
      path: '/api/v2/network-acls/{id}',
      inputs: [aclId],
      scopes: ['delete:network_acls'],
      group: 'Delete',
    },
  ],
};
