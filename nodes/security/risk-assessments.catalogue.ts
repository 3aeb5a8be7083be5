/** The `risk_assessments` group: whether Auth0 scores login risk, and how long a device stays known. */
import { common, type GroupSpec } from '../shared/catalogue';

export const riskAssessmentsGroup: GroupSpec = {
  type: 'auth0-risk-assessments',
  name: 'risk_assessments',
  paletteLabel: 'risk assessment',
  api: 'management',
  summary: 'Reads and changes the risk assessment settings and the new-device settings.',
  details: ['Risk assessments feed Actions with a confidence score for each login; new-device settings decide how long a device is remembered as known.'],
  references: [{ title: 'Management API: Risk Assessments', url: 'https://auth0.com/docs/api/management/v2/risk-assessments/get-risk-assessments-settings' }],
  operations: [
    {
      id: 'get_settings',
      label: 'Get risk assessment settings',
      description: 'Reads whether risk assessments are enabled.',
      method: 'GET',
      path: '/api/v2/risk-assessments/settings',
      inputs: [],
      scopes: ['read:attack_protection'],
      group: 'Settings',
    },
    {
      id: 'update_settings',
      label: 'Update risk assessment settings',
      description: 'Turns risk assessments on or off.',
      method: 'PATCH',
      path: '/api/v2/risk-assessments/settings',
      inputs: [common.body('The setting: { "enabled": true } or { "enabled": false }.')],
      scopes: ['update:attack_protection'],
      group: 'Settings',
    },
    {
      id: 'get_new_device_settings',
      label: 'Get new-device settings',
      description: 'Reads for how many days a device is remembered as known.',
      method: 'GET',
      path: '/api/v2/risk-assessments/settings/new-device',
      inputs: [],
      scopes: ['read:attack_protection'],
      group: 'New device',
    },
    {
      id: 'update_new_device_settings',
      label: 'Update new-device settings',
      description: 'Sets for how many days a device is remembered as known.',
      method: 'PATCH',
      path: '/api/v2/risk-assessments/settings/new-device',
      inputs: [common.body('The setting: { "remember_for": <days> }.')],
      scopes: ['update:attack_protection'],
      group: 'New device',
    },
  ],
};
