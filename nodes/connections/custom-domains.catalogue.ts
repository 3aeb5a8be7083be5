/** The `custom_domains` group: the tenant's own domains for login pages and e-mail links. */
import { common, type GroupSpec } from '../shared/catalogue';

const domainId = common.id('The id of the custom domain (cd_…).');

export const customDomainsGroup: GroupSpec = {
  type: 'auth0-custom-domains',
  name: 'custom_domains',
  paletteLabel: 'custom domains',
  api: 'management',
  summary: 'Lists, creates, reads, verifies and deletes custom domains.',
  details: [
    'A new custom domain is pending until its DNS record is in place; verify checks it and returns the domain with its status.',
  ],
  references: [
    { title: 'Management API: Custom Domains', url: 'https://auth0.com/docs/api/management/v2/custom-domains/get-custom-domains' },
    { title: 'Custom domains', url: 'https://auth0.com/docs/customize/custom-domains' },
  ],
  operations: [
    {
      id: 'all',
      label: 'List custom domains',
      description: 'Lists the custom domains of the tenant with their status.',
      method: 'GET',
      path: '/api/v2/custom-domains',
      inputs: [],
      scopes: ['read:custom_domains'],
      group: 'Read',
    },
    {
      id: 'create_new',
      label: 'Create custom domain',
      description: 'Configures a new custom domain; its DNS record must then be verified.',
      method: 'POST',
      path: '/api/v2/custom-domains',
      inputs: [common.body('The domain (required), its type (auth0_managed_certs or self_managed_certs) and the verification_method (txt).')],
      scopes: ['create:custom_domains'],
      group: 'Create and update',
    },
    {
      id: 'get',
      label: 'Get custom domain',
      description: 'Reads one custom domain with its status and verification record.',
      method: 'GET',
      path: '/api/v2/custom-domains/{id}',
      inputs: [domainId],
      scopes: ['read:custom_domains'],
      group: 'Read',
    },
    {
      id: 'delete',
      label: 'Delete custom domain',
      description: 'Deletes a custom domain; login pages and links stop using it.',
      method: 'DELETE',
      path: '/api/v2/custom-domains/{id}',
      inputs: [domainId],
      scopes: ['delete:custom_domains'],
      group: 'Delete',
    },
    {
      id: 'verify',
      label: 'Verify custom domain',
      description: 'Checks the DNS record of a pending custom domain and returns its status.',
      method: 'POST',
      path: '/api/v2/custom-domains/{id}/verify',
      inputs: [domainId],
      scopes: ['create:custom_domains'],
      group: 'Create and update',
    },
  ],
};
