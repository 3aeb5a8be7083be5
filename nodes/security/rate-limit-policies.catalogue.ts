/** The `rate_limit_policies` group: per-client limits on the Authentication API (early access). */
import { common, type GroupSpec } from '../shared/catalogue';

const policyId = common.id('The id of the rate limit policy.');
const EA = 'early-access' as const;

export const rateLimitPoliciesGroup: GroupSpec = {
  type: 'auth0-rate-limit-policies',
  name: 'rate_limit_policies',
  paletteLabel: 'rate limit policies',
  api: 'management',
  summary: 'Lists, creates, reads, updates and deletes rate limit policies that cap how often a client may call the Authentication API (early access).',
  details: [
    'A policy names the resource it limits (oauth_authentication_api), the consumer kind (client) with a consumer_selector, and its configuration.',
    'Listing pages by checkpoint (from_param and take); "fetch all pages" follows the next marker.',
  ],
  references: [{ title: 'Management API: Rate Limit Policies', url: 'https://auth0.com/docs/api/management/v2/rate-limit-policies/get-rate-limit-policies' }],
  operations: [
    {
      id: 'all',
      label: 'List rate limit policies',
      description: 'Lists the rate limit policies, optionally only those of one resource or consumer.',
      method: 'GET',
      path: '/api/v2/rate-limit-policies',
      inputs: [
        { name: 'resource', in: 'query', type: 'string', enum: ['oauth_authentication_api'], description: 'Only policies that limit this resource.' },
        { name: 'consumer', in: 'query', type: 'string', enum: ['client'], description: 'Only policies for this kind of consumer.' },
        { name: 'consumer_selector', in: 'query', type: 'string', description: 'Only policies with this consumer selector.' },
        common.fromParam(),
        common.take(),
      ],
      paging: ['checkpoint'],
      itemsKey: 'rate_limit_policies',
      scopes: ['read:rate_limit_policies'],
      lifecycle: EA,
      group: 'Read',
    },
    {
      id: 'create',
      label: 'Create rate limit policy',
      description: 'Creates a rate limit policy.',
      method: 'POST',
      path: '/api/v2/rate-limit-policies',
      inputs: [common.body('The policy: resource, consumer, consumer_selector and configuration (all required).')],
      scopes: ['create:rate_limit_policies'],
      lifecycle: EA,
      group: 'Create and update',
    },
    {
      id: 'get',
      label: 'Get rate limit policy',
      description: 'Reads one rate limit policy.',
      method: 'GET',
      path: '/api/v2/rate-limit-policies/{id}',
      inputs: [policyId],
      scopes: ['read:rate_limit_policies'],
      lifecycle: EA,
      group: 'Read',
    },
    {
      id: 'update',
      label: 'Update rate limit policy',
      description: 'Replaces the configuration of a rate limit policy.',
      method: 'PATCH',
      path: '/api/v2/rate-limit-policies/{id}',
      inputs: [policyId, common.body('The change: { "configuration": { … } } (required).')],
      scopes: ['update:rate_limit_policies'],
      lifecycle: EA,
      group: 'Create and update',
    },
    {
      id: 'delete',
      label: 'Delete rate limit policy',
      description: 'Deletes a rate limit policy; its client is limited by the defaults again.',
      method: 'DELETE',
      path: '/api/v2/rate-limit-policies/{id}',
      inputs: [policyId],
      scopes: ['delete:rate_limit_policies'],
      lifecycle: EA,
      group: 'Delete',
    },
  ],
};
