/**
 * Branding (`/api/v2/branding/…`): the settings document, the Universal Login page template,
 * the theme (one per tenant), and the phone providers and templates. Trying a provider or a
 * template puts the test message in the outbox, as sending it would.
 */
import { ApiError, conflict, notFound } from '../../core/errors';
import type { JsonRecord } from '../../core/collection';
import { randomAlnum } from '../../core/ids';
import type { RouteContext, RoutesModule } from '../../core/types';
import { bodyObject, checkBody, clone, payloadError, tenantName, type BodySpec } from '../group-helpers';
import { registerResources, registerSettings } from '../resources';

const THEME_TYPES: BodySpec['types'] = {
  borders: 'object',
  colors: 'object',
  displayName: 'string',
  fonts: 'object',
  page_background: 'object',
  widget: 'object',
};
const THEME_REQUIRED = ['borders', 'colors', 'fonts', 'page_background', 'widget'];
const TRY_SPEC: BodySpec = { types: { to: 'string', delivery_method: 'string' }, required: ['to'], enums: { delivery_method: ['text', 'voice'] } };
const PHONE_TEMPLATE_TYPES = ['otp_verify', 'otp_enroll', 'change_password', 'blocked_account', 'password_breach'];

/** Auth0's text of each phone template type before it is customised. */
function defaultContent(type: string): JsonRecord {
  const text =
    type === 'otp_verify' || type === 'otp_enroll'
      ? '@{{code}} is your verification code for {{friendly_name}}.'
      : `{{friendly_name}}: ${type.replace(/_/g, ' ')} notice.`;
  // `from` empty: the provider's number is used (Auth0's reset answer carries the key, recorded).
  return { syntax: 'liquid', from: '', body: { text, voice: text } };
}

export const registerBrandingRoutes: RoutesModule = (routes, tenant) => {
  registerSettings(routes, tenant, [
    {
      name: 'branding',
      path: '/api/v2/branding',
      defaults: { colors: { primary: '#0059d6', page_background: '#000000' } },
      read: 'read:branding',
      update: 'update:branding',
      body: { types: { colors: ['object', 'null'], favicon_url: ['string', 'null'], logo_url: ['string', 'null'], font: ['object', 'null'] } },
    },
  ]);

  // ---- Universal Login page template ----
  const templatePath = '/api/v2/branding/templates/universal-login';
  const template = () => tenant.state.doc<{ body?: string }>('branding:universal-login', () => ({}));
  routes.management('GET', templatePath, 'read:branding', () => {
    if (template().body === undefined) throw notFound('Template does not exist', 'inexistent_template');
    return { body: template().body };
  });
  routes.management(
    'PUT',
    templatePath,
    'update:branding',
    (ctx) => {
      // Auth0 takes `{template}` or the template itself as a JSON string (as go-auth0 sends it, recorded).
      const text =
        typeof ctx.body === 'string' ? ctx.body : (checkBody(bodyObject(ctx), { types: { template: 'string' }, required: ['template'] }).template as string);
      if (!text.includes('{%- auth0:head -%}') || !text.includes('{%- auth0:widget -%}')) {
        throw payloadError('The template must contain the {%- auth0:head -%} and {%- auth0:widget -%} tags', 'template');
      }
      const existed = template().body !== undefined;
      tenant.state.setDoc('branding:universal-login', { body: text });
      // Auth0: 201 when the template is created, 204 when an existing one is replaced.
      ctx.status = existed ? 204 : 201;
      return existed ? undefined : {};
    },
    { description: 'Set the Universal Login page template' },
  );
  routes.management(
    'DELETE',
    templatePath,
    'delete:branding',
    (ctx) => {
      tenant.state.setDoc('branding:universal-login', {});
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete the Universal Login page template' },
  );

  // ---- themes: one per tenant ----
  const themes = () => tenant.state.collection('branding-themes', 'themeId');
  routes.management('GET', '/api/v2/branding/themes/default', 'read:branding', () => {
    const [theme] = themes().list();
    if (!theme) throw notFound('There is no default theme', 'theme_not_found');
    return clone(theme);
  });

  registerResources(routes, tenant, [
    {
      name: 'branding-themes',
      path: '/api/v2/branding/themes',
      idParam: 'themeId',
      idField: 'themeId',
      idPrefix: 'thm',
      newId: () => randomAlnum(32), // Auth0's pattern ^[a-zA-Z0-9]{32}$ (its description; recorded ids alike)
      scopes: { create: 'update:branding', get: 'read:branding', update: 'update:branding', delete: 'delete:branding' },
      create: { types: THEME_TYPES, required: THEME_REQUIRED, defaults: { displayName: '' } },
      derive: () => {
        // The theme is created once; the new item is not stored yet, so one existing theme is one too many.
        if (themes().size > 0) throw conflict('A theme already exists; a tenant has one theme', 'theme_conflict');
      },
      update: { types: THEME_TYPES, required: THEME_REQUIRED },
      notFound: { message: 'Theme not found', errorCode: 'theme_not_found' },
      createdStatus: 200,
    },
    {
      name: 'phone-providers',
      path: '/api/v2/branding/phone/providers',
      idPrefix: 'pro',
      scopes: {
        list: 'read:phone_providers',
        create: 'create:phone_providers',
        get: 'read:phone_providers',
        update: 'update:phone_providers',
        delete: 'delete:phone_providers',
      },
      list: { shape: 'wrapped', itemsKey: 'providers' },
      filters: ['disabled'],
      create: {
        types: { name: 'string', disabled: 'boolean', configuration: 'object', credentials: 'object' },
        required: ['name', 'credentials'],
        enums: { name: ['twilio', 'custom'] },
        defaults: { disabled: false, channel: 'phone' },
      },
      derive: (item) => {
        item.tenant = tenantName(tenant);
      },
      update: { types: { name: 'string', disabled: 'boolean', configuration: 'object', credentials: 'object' }, enums: { name: ['twilio', 'custom'] } },
      unique: 'name',
      writeOnly: ['credentials'],
      notFound: { message: 'Phone provider not found', errorCode: 'inexistent_phone_provider' },
      timestamps: true,
    },
    {
      name: 'phone-templates',
      path: '/api/v2/branding/phone/templates',
      idPrefix: 'tem',
      scopes: {
        list: 'read:phone_templates',
        create: 'create:phone_templates',
        get: 'read:phone_templates',
        update: 'update:phone_templates',
        delete: 'delete:phone_templates',
      },
      list: { shape: 'wrapped', itemsKey: 'templates' },
      filters: ['disabled'],
      create: {
        types: { type: 'string', disabled: 'boolean', content: 'object' },
        enums: { type: PHONE_TEMPLATE_TYPES },
        defaults: { type: 'otp_verify', disabled: false, channel: 'phone', customizable: true },
      },
      derive: (item) => {
        item.tenant = tenantName(tenant);
        item.content ??= defaultContent(String(item.type));
      },
      update: { types: { content: 'object', disabled: 'boolean' } },
      unique: 'type',
      notFound: { message: 'Phone template not found', errorCode: 'inexistent_phone_template' },
      timestamps: true,
      mergedOnUpdate: ['content'],
    },
  ]);

  const providers = () => tenant.state.collection('phone-providers');
  const phoneTemplates = () => tenant.state.collection('phone-templates');
  const requireItem = (items: () => { get(id: string): JsonRecord | undefined }, ctx: RouteContext, what: string): JsonRecord => {
    const item = items().get(ctx.params.id);
    if (!item) throw notFound(`Phone ${what} not found`, `inexistent_phone_${what}`);
    return item;
  };
  const sendTest = (ctx: RouteContext, text: string, kind: string): JsonRecord => {
    const body = checkBody(bodyObject(ctx), TRY_SPEC);
    tenant.outbox.push({ channel: 'sms', to: body.to, kind, body: text, delivery_method: body.delivery_method ?? 'text' });
    ctx.status = 202;
    return { code: 202, message: 'Test notification successfully sent for processing' }; // Auth0's answer (recorded)
  };
  routes.management(
    'POST',
    '/api/v2/branding/phone/providers/:id/try',
    'create:phone_providers',
    (ctx) => {
      const provider = requireItem(providers, ctx, 'provider');
      if (provider.disabled === true) throw new ApiError(409, 'The phone provider is disabled', 'phone_provider_disabled');
      return sendTest(ctx, `Test message from the ${String(provider.name)} phone provider`, 'phone_provider_test');
    },
    { description: 'Send a test message through a phone provider' },
  );
  routes.management(
    'POST',
    '/api/v2/branding/phone/templates/:id/try',
    'create:phone_templates',
    (ctx) => {
      const template = requireItem(phoneTemplates, ctx, 'template');
      const content = template.content as { body?: { text?: string } } | undefined;
      return sendTest(ctx, content?.body?.text ?? '', 'phone_template_test');
    },
    { description: 'Send a test message with a phone template' },
  );
  routes.management(
    'PATCH',
    '/api/v2/branding/phone/templates/:id/reset',
    'update:phone_templates',
    (ctx) => {
      const template = requireItem(phoneTemplates, ctx, 'template');
      const reset: JsonRecord = { ...template, content: defaultContent(String(template.type)), updated_at: tenant.clock.isoNow() };
      phoneTemplates().put(reset);
      const { _parent: _hidden, ...shown } = clone(reset);
      return shown;
    },
    { description: 'Reset a phone template' },
  );
};
