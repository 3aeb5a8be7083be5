/**
 * Login prompts: `GET|PATCH /api/v2/prompts` (Universal Login settings) and
 * `GET|PUT /api/v2/prompts/{prompt}/custom-text/{language}`.
 */
import { ApiError } from '../core/errors';
import type { RouteContext, RoutesModule } from '../core/types';
import { bodyObject, checkBody, clone, payloadError, type BodySpec } from './group-helpers';

export const PROMPTS = [
  'login', 'login-id', 'login-password', 'login-passwordless', 'login-email-verification', 'signup', 'signup-id',
  'signup-password', 'phone-identifier-enrollment', 'phone-identifier-challenge', 'email-identifier-challenge',
  'reset-password', 'custom-form', 'consent', 'customized-consent', 'logout', 'mfa-push', 'mfa-otp', 'mfa-voice',
  'mfa-phone', 'mfa-webauthn', 'mfa-sms', 'mfa-email', 'mfa-recovery-code', 'mfa', 'status', 'device-flow',
  'email-verification', 'email-otp-challenge', 'organizations', 'invitation', 'common', 'passkeys', 'captcha',
  'brute-force-protection', 'async-approval-flow',
];

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
  if (!PROMPTS.includes(prompt)) throw new ApiError(400, `Path validation error: 'No enum match for: "${prompt}"' on property prompt (Name of the prompt).`, 'invalid_uri');
  if (!LANGUAGE.test(language)) throw new ApiError(400, `Path validation error: 'No enum match for: "${language}"' on property language (Language to update.).`, 'invalid_uri');
  return { prompt, language };
}

export const registerPrompts: RoutesModule = (routes, tenant) => {
  const settings = () =>
    tenant.state.doc<PromptSettings>('prompts', () => ({ universal_login_experience: 'new', identifier_first: false, webauthn_platform_first_factor: false }));
  const texts = () => tenant.state.doc<Map<string, Record<string, unknown>>>('prompt-custom-text', () => new Map());

  routes.management('GET', '/api/v2/prompts', 'read:prompts', () => clone(settings()));

  routes.management('PATCH', '/api/v2/prompts', 'update:prompts', (ctx) => {
    const body = checkBody(bodyObject(ctx), SETTINGS_SPEC);
    const current = settings() as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(body)) current[key] = value === null ? false : value;
    return clone(settings());
  }, { description: 'Update prompt settings' });

  routes.management('GET', '/api/v2/prompts/:prompt/custom-text/:language', 'read:prompts', (ctx) => {
    const { prompt, language } = pathParams(ctx);
    return clone(texts().get(`${prompt}\n${language}`) ?? {});
  });

  routes.management('PUT', '/api/v2/prompts/:prompt/custom-text/:language', 'update:prompts', (ctx) => {
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
  }, { description: 'Set custom text for a prompt' });
};
