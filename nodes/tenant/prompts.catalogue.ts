/** The `prompts` group: Universal Login prompt settings and custom texts. */
import { common, type GroupSpec, type InputSpec } from '../shared/catalogue';

const prompt: InputSpec = {
  name: 'prompt', in: 'path', type: 'string', required: true,
  description: 'The prompt, for example login, signup or reset-password.',
};
const language: InputSpec = {
  name: 'language', in: 'path', type: 'string', required: true,
  description: 'The language code, for example en or fr-CA.',
};

export const promptsGroup: GroupSpec = {
  type: 'auth0-prompts',
  name: 'prompts',
  paletteLabel: 'prompts',
  api: 'management',
  summary: 'Reads and updates the Universal Login prompt settings and the custom text of a prompt in a language.',
  references: [
    { title: 'Management API: Prompts', url: 'https://auth0.com/docs/api/management/v2/prompts/get-prompts' },
    { title: 'Customize Universal Login text', url: 'https://auth0.com/docs/customize/login-pages/universal-login/customize-text-elements' },
  ],
  operations: [
    {
      id: 'get',
      label: 'Get prompt settings',
      description: 'Reads the prompt settings (Universal Login experience, identifier first, …).',
      method: 'GET',
      path: '/api/v2/prompts',
      inputs: [],
      scopes: ['read:prompts'],
      group: 'Settings',
    },
    {
      id: 'update',
      label: 'Update prompt settings',
      description: 'Changes the prompt settings given in body.',
      method: 'PATCH',
      path: '/api/v2/prompts',
      inputs: [common.body('The settings to change: universal_login_experience, identifier_first, webauthn_platform_first_factor.')],
      scopes: ['update:prompts'],
      group: 'Settings',
    },
    {
      id: 'get_custom_text',
      label: 'Get custom text',
      description: 'Reads the custom text of a prompt in one language.',
      method: 'GET',
      path: '/api/v2/prompts/{prompt}/custom-text/{language}',
      inputs: [prompt, language],
      scopes: ['read:prompts'],
      group: 'Custom text',
    },
    {
      id: 'update_custom_text',
      label: 'Set custom text',
      description: 'Replaces the custom text of a prompt in one language.',
      method: 'PUT',
      path: '/api/v2/prompts/{prompt}/custom-text/{language}',
      inputs: [prompt, language, common.body('The texts by screen, for example { "login": { "title": "Welcome" } }.')],
      scopes: ['update:prompts'],
      group: 'Custom text',
    },
  ],
};
