/** The `supplemental_signals` group: extra risk signals from a CDN in front of the tenant (early access). */
import { common, type GroupSpec } from '../shared/catalogue';

export const supplementalSignalsGroup: GroupSpec = {
  type: 'auth0-supplemental-signals',
  name: 'supplemental_signals',
  paletteLabel: 'Akamai signals',
  api: 'management',
  summary: 'Reads and changes whether Auth0 uses the bot and risk signals of an Akamai edge in front of the custom domain (early access).',
  references: [
    { title: 'Management API: Supplemental Signals', url: 'https://auth0.com/docs/api/management/v2/supplemental-signals/get-supplemental-signals' },
  ],
  operations: [
    {
      id: 'get',
      label: 'Get supplemental signals',
      description: 'Reads whether the Akamai supplemental signals are used.',
      method: 'GET',
      path: '/api/v2/supplemental-signals',
      inputs: [],
      scopes: ['read:attack_protection'],
      lifecycle: 'early-access',
      group: 'Settings',
    },
    {
      id: 'update',
      label: 'Update supplemental signals',
      description: 'Turns the use of the Akamai supplemental signals on or off.',
      method: 'PATCH',
      path: '/api/v2/supplemental-signals',
      inputs: [common.body('The setting: { "akamai_enabled": true } or { "akamai_enabled": false }.')],
      scopes: ['update:attack_protection'],
      lifecycle: 'early-access',
      group: 'Settings',
    },
  ],
};
