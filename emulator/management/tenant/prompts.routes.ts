/**
 * Login prompts: `GET|PATCH /api/v2/prompts` (Universal Login settings),
 * `GET|PUT /api/v2/prompts/{prompt}/custom-text/{language}`, `GET|PUT /api/v2/prompts/{prompt}/partials`
 * and the rendering settings of screens (`/prompts/rendering`, `/prompts/{prompt}/screen/{screen}/rendering`).
 */
import { CUSTOM_TEXT_PROMPTS } from '../../../nodes/tenant/prompts.catalogue';
import { ApiError } from '../../core/errors';
import type { RouteContext, RoutesModule } from '../../core/types';
import { fieldsProjection, offsetBody, offsetPage } from '../../core/paging';
import { bodyObject, checkBody, clone, payloadError, tenantName, type BodySpec } from '../group-helpers';

/** The prompts with custom text and rendering settings, as the catalogue lists them from Auth0's description. */
export const PROMPTS: readonly string[] = CUSTOM_TEXT_PROMPTS;

const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,4})?$/;

const SETTINGS_SPEC: BodySpec = {
  types: { universal_login_experience: 'string', identifier_first: ['boolean', 'null'], webauthn_platform_first_factor: ['boolean', 'null'] },
  enums: { universal_login_experience: ['new', 'classic'] },
};

interface PromptSettings {
  universal_login_experience: string;
  identifier_first: boolean;
  webauthn_platform_first_factor: boolean;
}

function pathParams(ctx: RouteContext): { prompt: string; language: string } {
  const { prompt, language } = ctx.params;
  if (!PROMPTS.includes(prompt))
    throw new ApiError(400, `Path validation error: 'No enum match for: "${prompt}"' on property prompt (Name of the prompt).`, 'invalid_uri');
  if (!LANGUAGE.test(language))
    throw new ApiError(400, `Path validation error: 'No enum match for: "${language}"' on property language (Language to update.).`, 'invalid_uri');
  return { prompt, language };
}

/** The prompts that take template partials. */
const PARTIAL_PROMPTS = [
  'login',
  'login-id',
  'login-password',
  'login-passwordless',
  'signup',
  'signup-id',
  'signup-password',
  'customized-consent',
  'passkeys',
];

const RENDERING_SPEC: BodySpec = {
  types: {
    rendering_mode: 'string',
    context_configuration: 'array',
    default_head_tags_disabled: ['boolean', 'null'],
    use_page_template: ['boolean', 'null'],
    head_tags: 'array',
    filters: ['object', 'null'],
  },
  enums: { rendering_mode: ['advanced', 'standard'] },
};

function knownPrompt(name: string, allowed: readonly string[]): string {
  if (!allowed.includes(name))
    throw new ApiError(400, `Path validation error: 'No enum match for: "${name}"' on property prompt (Name of the prompt).`, 'invalid_uri');
  return name;
}

export const registerPromptsRoutes: RoutesModule = (routes, tenant) => {
  const settings = () =>
    tenant.state.doc<PromptSettings>('prompts', () => ({ universal_login_experience: 'new', identifier_first: false, webauthn_platform_first_factor: false }));
  const texts = () => tenant.state.doc<Map<string, Record<string, unknown>>>('prompt-custom-text', () => new Map());

  routes.management('GET', '/api/v2/prompts', 'read:prompts', () => clone(settings()));

  routes.management(
    'PATCH',
    '/api/v2/prompts',
    'update:prompts',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), SETTINGS_SPEC);
      const current = settings() as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(body)) current[key] = value === null ? false : value;
      return clone(settings());
    },
    { description: 'Update prompt settings' },
  );

  routes.management('GET', '/api/v2/prompts/:prompt/custom-text/:language', 'read:prompts', (ctx) => {
    const { prompt, language } = pathParams(ctx);
    return clone(texts().get(`${prompt}\n${language}`) ?? {});
  });

  routes.management(
    'PUT',
    '/api/v2/prompts/:prompt/custom-text/:language',
    'update:prompts',
    (ctx) => {
      const { prompt, language } = pathParams(ctx);
      const body = bodyObject(ctx);
      // The body maps screen names to objects of text keys and strings.
      for (const [screen, entries] of Object.entries(body)) {
        if (entries === null || typeof entries !== 'object' || Array.isArray(entries)) throw payloadError('Expected type object', screen);
        for (const [key, text] of Object.entries(entries as Record<string, unknown>)) {
          if (typeof text !== 'string') throw payloadError(`Expected type string but found type ${typeof text}`, `${screen}.${key}`);
        }
      }
      texts().set(`${prompt}\n${language}`, clone(body));
      return clone(body);
    },
    { description: 'Set custom text for a prompt' },
  );

  // ---- template partials: HTML snippets inserted into a prompt's page ----
  const partials = () => tenant.state.doc<Map<string, Record<string, unknown>>>('prompt-partials', () => new Map());
  routes.management('GET', '/api/v2/prompts/:prompt/partials', 'read:prompts', (ctx) =>
    clone(partials().get(knownPrompt(ctx.params.prompt, PARTIAL_PROMPTS)) ?? {}),
  );
  routes.management(
    'PUT',
    '/api/v2/prompts/:prompt/partials',
    'update:prompts',
    (ctx) => {
      const prompt = knownPrompt(ctx.params.prompt, PARTIAL_PROMPTS);
      const body = bodyObject(ctx);
      for (const [screen, slots] of Object.entries(body)) {
        if (slots === null || typeof slots !== 'object' || Array.isArray(slots)) throw payloadError('Expected type object', screen);
        for (const [slot, html] of Object.entries(slots as Record<string, unknown>)) {
          if (typeof html !== 'string') throw payloadError(`Expected type string but found type ${typeof html}`, `${screen}.${slot}`);
        }
      }
      partials().set(prompt, clone(body));
      return clone(body);
    },
    { description: 'Set the partials of a prompt' },
  );

  // ---- rendering of each screen (standard, or advanced with the tenant's own assets) ----
  const renderings = () => tenant.state.doc<Map<string, Record<string, unknown>>>('prompt-renderings', () => new Map());
  const renderingOf = (prompt: string, screen: string): Record<string, unknown> =>
    renderings().get(`${prompt}\n${screen}`) ?? {
      tenant: tenantName(tenant),
      prompt,
      screen,
      rendering_mode: 'standard',
      context_configuration: [],
      default_head_tags_disabled: false,
      use_page_template: false,
      head_tags: [],
      filters: null,
    };
  const setRendering = (prompt: string, screen: string, change: Record<string, unknown>): Record<string, unknown> => {
    const next = { ...renderingOf(prompt, screen), ...clone(change), prompt, screen };
    renderings().set(`${prompt}\n${screen}`, next);
    return next;
  };
  const settable = (rendering: Record<string, unknown>): Record<string, unknown> => {
    const { tenant: _tenant, prompt: _prompt, screen: _screen, ...rest } = clone(rendering);
    return rest;
  };
  routes.management('GET', '/api/v2/prompts/rendering', 'read:prompts', (ctx) => {
    const prompts = ctx.query.list('prompt');
    const screens = ctx.query.list('screen');
    const mode = ctx.query.str('rendering_mode');
    const list = [...renderings().values()].filter(
      (r) => (!prompts || prompts.includes(String(r.prompt))) && (!screens || screens.includes(String(r.screen))) && (!mode || r.rendering_mode === mode),
    );
    const project = fieldsProjection(ctx.query);
    return offsetBody(offsetPage(list, ctx.query, { itemsKey: 'configs' }), 'configs', (r) => project(clone(r)));
  });
  routes.management(
    'PATCH',
    '/api/v2/prompts/rendering',
    'update:prompts',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), { types: { configs: 'array' }, required: ['configs'] });
      const configs = (body.configs as unknown[]).map((config, i) => {
        if (config === null || typeof config !== 'object' || Array.isArray(config)) throw payloadError('Expected type object', `configs[${i}]`);
        const { prompt, screen, ...change } = config as Record<string, unknown>;
        if (typeof prompt !== 'string' || typeof screen !== 'string') throw payloadError('Missing required property: prompt, screen', `configs[${i}]`);
        knownPrompt(prompt, PROMPTS);
        checkBody(change, RENDERING_SPEC);
        return { prompt, screen, change };
      });
      return { configs: configs.map(({ prompt, screen, change }) => ({ prompt, screen, ...settable(setRendering(prompt, screen, change)) })) };
    },
    { description: 'Update the rendering of several screens' },
  );
  routes.management('GET', '/api/v2/prompts/:prompt/screen/:screen/rendering', 'read:prompts', (ctx) =>
    clone(renderingOf(knownPrompt(ctx.params.prompt, PROMPTS), ctx.params.screen)),
  );
  routes.management(
    'PATCH',
    '/api/v2/prompts/:prompt/screen/:screen/rendering',
    'update:prompts',
    (ctx) => {
      const prompt = knownPrompt(ctx.params.prompt, PROMPTS);
      const change = checkBody(bodyObject(ctx), RENDERING_SPEC);
      return settable(setRendering(prompt, ctx.params.screen, change));
    },
    { description: 'Update the rendering of a screen' },
  );
};
