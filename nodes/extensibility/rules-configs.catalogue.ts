/** The `rules_configs` group: the configuration variables rules read. */
import type { GroupSpec, InputSpec } from '../shared/catalogue';

const key: InputSpec = {
  name: 'key',
  in: 'path',
  type: 'string',
  required: true,
  description: 'The name of the variable (letters, digits, _ and -).',
};

export const rulesConfigsGroup: GroupSpec = {
  type: 'auth0-rules-configs',
  name: 'rules_configs',
  paletteLabel: 'rules configs',
  api: 'management',
  endOfLife: { date: '2026-11-18', replacement: 'Actions (the auth0-actions node)' },
  summary: 'Lists, sets and removes the configuration variables that rules read as configuration.KEY.',
  details: [
    "Rules configuration variables served the rules, which Auth0 no longer runs since 2026-11-18. Actions keep such values as secrets of the action: give them to the auth0-actions node's deploy_and_bind operation.",
    'Values are write-only: all returns only the keys.',
  ],
  references: [{ title: 'Management API: Rules Configs', url: 'https://auth0.com/docs/api/management/v2/rules-configs/get-rules-configs' }],
  operations: [
    {
      id: 'all',
      label: 'List variable keys',
      description: 'Lists the keys of the rules configuration variables (not their values).',
      method: 'GET',
      path: '/api/v2/rules-configs',
      inputs: [],
      scopes: ['read:rules_configs'],
      group: 'Read',
    },
    {
      id: 'set',
      label: 'Set variable',
      description: 'Sets the value of a variable, creating it if needed.',
      method: 'PUT',
      path: '/api/v2/rules-configs/{key}',
      inputs: [key, { name: 'value', in: 'body', type: 'string', required: true, secret: true, description: 'The value to store (often a secret).' }],
      scopes: ['update:rules_configs'],
      group: 'Create and update',
    },
    {
      id: 'unset',
      label: 'Remove variable',
      description: 'Removes a variable.',
      method: 'DELETE',
      path: '/api/v2/rules-configs/{key}',
      inputs: [key],
      scopes: ['delete:rules_configs'],
      group: 'Delete',
    },
  ],
};
