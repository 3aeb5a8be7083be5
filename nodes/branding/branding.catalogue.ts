/**
 * The `branding` group: Universal Login colours, logo and font, its page template and themes,
 * and the phone (SMS and voice) providers and message templates.
 */
import { common, type GroupSpec, type InputSpec } from '../shared/catalogue';

const themeId: InputSpec = { name: 'theme_id', in: 'path', type: 'string', required: true, description: 'The id of the theme.' };
const providerId = common.id('The id of the phone provider.');
const templateId = common.id('The id of the phone template.');
const disabled: InputSpec = { name: 'disabled', in: 'query', type: 'boolean', description: 'Only the disabled (true) or only the enabled (false) ones; all when unset.' };

export const brandingGroup: GroupSpec = {
  type: 'auth0-branding',
  name: 'branding',
  paletteLabel: 'branding',
  api: 'management',
  summary: 'Reads and changes the tenant\'s branding: Universal Login colours and logo, the page template, themes, and the phone providers and templates of SMS and voice messages.',
  details: [
    'update_template_universal_login takes the page template as a string of HTML (Liquid); it must contain the {%- auth0:head -%} and {%- auth0:widget -%} tags.',
    'Phone providers carry credentials (a Twilio auth token, …) that Auth0 never returns; the try operations send a test message to a number.',
  ],
  references: [
    { title: 'Management API: Branding', url: 'https://auth0.com/docs/api/management/v2/branding/get-branding' },
    { title: 'Customize Universal Login', url: 'https://auth0.com/docs/customize/login-pages/universal-login' },
  ],
  operations: [
    {
      id: 'get', label: 'Get branding', description: 'Reads the branding settings: colours, logo and favicon URLs, font.',
      method: 'GET', path: '/api/v2/branding', inputs: [], scopes: ['read:branding'], group: 'Settings',
    },
    {
      id: 'update', label: 'Update branding', description: 'Changes the branding settings given in body.',
      method: 'PATCH', path: '/api/v2/branding',
      inputs: [common.body('The settings to change: colors (primary, page_background), favicon_url, logo_url, font (url).')],
      scopes: ['update:branding'], group: 'Settings',
    },
    {
      id: 'get_template_universal_login', label: 'Get login page template', description: 'Reads the custom Universal Login page template.',
      method: 'GET', path: '/api/v2/branding/templates/universal-login', inputs: [], scopes: ['read:branding'], group: 'Page template',
    },
    {
      id: 'update_template_universal_login', label: 'Set login page template', description: 'Sets the custom Universal Login page template.',
      method: 'PUT', path: '/api/v2/branding/templates/universal-login',
      inputs: [{ name: 'body', wireName: 'template', in: 'body', type: 'string', required: true, description: 'The template: HTML with the Liquid tags {%- auth0:head -%} and {%- auth0:widget -%}.' }],
      scopes: ['update:branding'], group: 'Page template',
    },
    {
      id: 'delete_template_universal_login', label: 'Delete login page template', description: 'Deletes the custom page template; the default page is used again.',
      method: 'DELETE', path: '/api/v2/branding/templates/universal-login', inputs: [], scopes: ['delete:branding'], group: 'Page template',
    },
    {
      id: 'create_branding_theme', label: 'Create theme', description: 'Creates the Universal Login theme (a tenant has one).',
      method: 'POST', path: '/api/v2/branding/themes',
      inputs: [common.body('The theme: borders, colors, fonts, page_background and widget (required), displayName.')],
      scopes: ['update:branding'], group: 'Themes',
    },
    {
      id: 'get_default_branding_theme', label: 'Get default theme', description: 'Reads the theme in use.',
      method: 'GET', path: '/api/v2/branding/themes/default', inputs: [], scopes: ['read:branding'], group: 'Themes',
    },
    {
      id: 'get_branding_theme', label: 'Get theme', description: 'Reads one theme.',
      method: 'GET', path: '/api/v2/branding/themes/{theme_id}', inputs: [themeId], scopes: ['read:branding'], group: 'Themes',
    },
    {
      id: 'update_branding_theme', label: 'Update theme', description: 'Replaces the settings of a theme.',
      method: 'PATCH', path: '/api/v2/branding/themes/{theme_id}',
      inputs: [themeId, common.body('The theme: borders, colors, fonts, page_background and widget (required), displayName.')],
      scopes: ['update:branding'], group: 'Themes',
    },
    {
      id: 'delete_branding_theme', label: 'Delete theme', description: 'Deletes a theme; Universal Login falls back to the default look.',
      method: 'DELETE', path: '/api/v2/branding/themes/{theme_id}', inputs: [themeId], scopes: ['delete:branding'], group: 'Themes',
    },
    {
      id: 'all_phone_providers', label: 'List phone providers', description: 'Lists the phone providers that send SMS and voice messages.',
      method: 'GET', path: '/api/v2/branding/phone/providers', inputs: [disabled], scopes: ['read:phone_providers'], group: 'Phone providers',
    },
    {
      id: 'create_phone_provider', label: 'Create phone provider', description: 'Configures a phone provider (twilio or custom).',
      method: 'POST', path: '/api/v2/branding/phone/providers',
      inputs: [{ ...common.body('The provider: name (twilio or custom) and credentials (required), configuration, disabled.'), secret: true }],
      scopes: ['create:phone_providers'], group: 'Phone providers',
    },
    {
      id: 'get_phone_provider', label: 'Get phone provider', description: 'Reads one phone provider (without its credentials).',
      method: 'GET', path: '/api/v2/branding/phone/providers/{id}', inputs: [providerId], scopes: ['read:phone_providers'], group: 'Phone providers',
    },
    {
      id: 'update_phone_provider', label: 'Update phone provider', description: 'Changes the settings of a phone provider given in body.',
      method: 'PATCH', path: '/api/v2/branding/phone/providers/{id}',
      inputs: [providerId, { ...common.body('The settings to change: name, disabled, credentials, configuration.'), secret: true }],
      scopes: ['update:phone_providers'], group: 'Phone providers',
    },
    {
      id: 'delete_phone_provider', label: 'Delete phone provider', description: 'Deletes a phone provider.',
      method: 'DELETE', path: '/api/v2/branding/phone/providers/{id}', inputs: [providerId], scopes: ['delete:phone_providers'], group: 'Phone providers',
    },
    {
      id: 'try_phone_provider', label: 'Test phone provider', description: 'Sends a test message through a phone provider (answers 202 when accepted).',
      method: 'POST', path: '/api/v2/branding/phone/providers/{id}/try',
      inputs: [providerId, common.body('The test: to (the phone number, required) and delivery_method (text or voice).')],
      scopes: ['create:phone_providers'], group: 'Phone providers',
    },
    {
      id: 'all_phone_templates', label: 'List phone templates', description: 'Lists the templates of phone messages (one-time codes, password changes, …).',
      method: 'GET', path: '/api/v2/branding/phone/templates', inputs: [disabled], scopes: ['read:phone_templates'], group: 'Phone templates',
    },
    {
      id: 'create_phone_template', label: 'Create phone template', description: 'Creates a phone message template.',
      method: 'POST', path: '/api/v2/branding/phone/templates',
      inputs: [common.body('The template: type (otp_verify, otp_enroll, change_password, blocked_account, password_breach), content, disabled.')],
      scopes: ['create:phone_templates'], group: 'Phone templates',
    },
    {
      id: 'get_phone_template', label: 'Get phone template', description: 'Reads one phone template.',
      method: 'GET', path: '/api/v2/branding/phone/templates/{id}', inputs: [templateId], scopes: ['read:phone_templates'], group: 'Phone templates',
    },
    {
      id: 'update_phone_template', label: 'Update phone template', description: 'Changes the content or the disabled flag of a phone template.',
      method: 'PATCH', path: '/api/v2/branding/phone/templates/{id}',
      inputs: [templateId, common.body('The change: content (from, syntax, body with text and voice), disabled.')],
      scopes: ['update:phone_templates'], group: 'Phone templates',
    },
    {
      id: 'reset_phone_template', label: 'Reset phone template', description: 'Puts the content of a phone template back to Auth0\'s default.',
      method: 'PATCH', path: '/api/v2/branding/phone/templates/{id}/reset',
      inputs: [templateId, { ...common.body('An empty object (the default).', false), default: {} }],
      scopes: ['update:phone_templates'], group: 'Phone templates',
    },
    {
      id: 'delete_phone_template', label: 'Delete phone template', description: 'Deletes a phone template.',
      method: 'DELETE', path: '/api/v2/branding/phone/templates/{id}', inputs: [templateId], scopes: ['delete:phone_templates'], group: 'Phone templates',
    },
    {
      id: 'try_phone_template', label: 'Test phone template', description: 'Sends a test message with a phone template (answers 202 when accepted).',
      method: 'POST', path: '/api/v2/branding/phone/templates/{id}/try',
      inputs: [templateId, common.body('The test: to (the phone number, required) and delivery_method (text or voice).')],
      scopes: ['create:phone_templates'], group: 'Phone templates',
    },
  ],
};
