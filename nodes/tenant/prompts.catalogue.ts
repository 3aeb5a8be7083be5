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

const partialsPrompt: InputSpec = {
  name: 'prompt', in: 'path', type: 'string', required: true,
  enum: ['login', 'login-id', 'login-password', 'login-passwordless', 'signup', 'signup-id', 'signup-password', 'customized-consent', 'passkeys'],
  description: 'The prompt whose partials are meant: login, login-id, login-password, login-passwordless, signup, signup-id, signup-password, customized-consent or passkeys.',
};
const screen: InputSpec = {
  name: 'screen', in: 'path', type: 'string', required: true,
  description: 'The screen of the prompt, for example login-id or signup-password.',
};

export const promptsGroup: GroupSpec = {
  type: 'auth0-prompts',
  name: 'prompts',
  paletteLabel: 'prompts',
  api: 'management',
  summary: 'Reads and updates the Universal Login prompt settings, the custom text of a prompt in a language, its template partials and the rendering of its screens.',
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
    {
      id: 'get_partials',
      label: 'Get partials',
      description: 'Reads the template partials (custom HTML inserted into the page) of a prompt.',
      method: 'GET',
      path: '/api/v2/prompts/{prompt}/partials',
      inputs: [partialsPrompt],
      scopes: ['read:prompts'],
      group: 'Partials',
    },
    {
      id: 'update_partials',
      label: 'Set partials',
      description: 'Replaces the template partials of a prompt.',
      method: 'PUT',
      path: '/api/v2/prompts/{prompt}/partials',
      inputs: [partialsPrompt, common.body('The partials by screen, for example { "login": { "form-content-start": "<div>…</div>" } }.')],
      scopes: ['update:prompts'],
      group: 'Partials',
    },
    {
      id: 'all_renderings',
      label: 'List rendering settings',
      description: 'Lists the rendering settings of the screens (standard or advanced rendering), one page at a time.',
      method: 'GET',
      path: '/api/v2/prompts/rendering',
      inputs: [
        common.fields(), common.includeFields(), common.page(), common.perPage(), common.includeTotals(),
        { name: 'prompt', in: 'query', type: 'list', description: 'Only these prompts (comma-separated).' },
        { name: 'screen', in: 'query', type: 'list', description: 'Only these screens (comma-separated).' },
        { name: 'rendering_mode', in: 'query', type: 'string', enum: ['advanced', 'standard'], description: 'Only screens with this rendering mode.' },
      ],
      paging: ['page'],
      itemsKey: 'configs',
      scopes: ['read:prompts'],
      group: 'Rendering',
    },
    {
      id: 'update_renderings',
      label: 'Update rendering settings',
      description: 'Changes the rendering settings of several screens at once.',
      method: 'PATCH',
      path: '/api/v2/prompts/rendering',
      inputs: [common.body('The settings: { "configs": [ { "prompt", "screen", "rendering_mode", … } ] }.')],
      scopes: ['update:prompts'],
      group: 'Rendering',
    },
    {
      id: 'get_rendering',
      label: 'Get screen rendering',
      description: 'Reads the rendering settings of one screen of a prompt.',
      method: 'GET',
      path: '/api/v2/prompts/{prompt}/screen/{screen}/rendering',
      inputs: [prompt, screen],
      scopes: ['read:prompts'],
      group: 'Rendering',
    },
    {
      id: 'update_rendering',
      label: 'Update screen rendering',
      description: 'Changes the rendering settings of one screen: rendering_mode, context_configuration, head_tags, filters, …',
      method: 'PATCH',
      path: '/api/v2/prompts/{prompt}/screen/{screen}/rendering',
      inputs: [prompt, screen, common.body('The settings to change: rendering_mode (advanced or standard), context_configuration, default_head_tags_disabled, use_page_template, head_tags, filters.')],
      scopes: ['update:prompts'],
      group: 'Rendering',
    },
  ],
};
