/**
 * E-mail templates: `POST /api/v2/email-templates` and `GET|PATCH|PUT
 * /api/v2/email-templates/{templateName}`. A template exists once created (or set with PUT).
 */
import { ApiError, conflict, notFound } from '../../core/errors';
import type { JsonRecord } from '../../core/collection';
import type { RouteContext, RoutesModule } from '../../core/types';
import { bodyObject, checkBody, clone, type BodySpec } from '../group-helpers';
import { toText } from '../../../nodes/shared/to-text';

export const TEMPLATE_NAMES = [
  'verify_email',
  'verify_email_by_code',
  'reset_email',
  'reset_email_by_code',
  'welcome_email',
  'blocked_account',
  'stolen_credentials',
  'enrollment_email',
  'mfa_oob_code',
  'user_invitation',
  'change_password',
  'password_reset',
  'async_approval',
  'auth_email_by_code',
];

const TYPES = {
  template: 'string',
  body: ['string', 'null'],
  from: ['string', 'null'],
  resultUrl: ['string', 'null'],
  subject: ['string', 'null'],
  syntax: 'string',
  urlLifetimeInSeconds: ['number', 'null'],
  includeEmailInRedirect: 'boolean',
  enabled: ['boolean', 'null'],
} as const;

const ENUMS = { template: TEMPLATE_NAMES, syntax: ['liquid'] };

const CREATE_SPEC: BodySpec = { types: TYPES, required: ['template', 'body', 'from', 'subject', 'syntax', 'enabled'], enums: ENUMS };
const SET_SPEC: BodySpec = { types: TYPES, required: ['template', 'body', 'from', 'subject', 'syntax', 'enabled'], enums: ENUMS };
const UPDATE_SPEC: BodySpec = { types: TYPES, enums: ENUMS };

function templateName(ctx: RouteContext): string {
  const name = ctx.params.templateName;
  if (!TEMPLATE_NAMES.includes(name)) {
    throw new ApiError(400, `Path validation error: 'No enum match for: "${name}"' on property templateName (Template name).`, 'invalid_uri');
  }
  return name;
}

function sameName(body: Record<string, unknown>, name: string): void {
  if (body.template !== undefined && body.template !== name) {
    throw new ApiError(400, `The template name in the body (${toText(body.template)}) does not match the path (${name})`, 'invalid_body');
  }
}

export const registerEmailTemplatesRoutes: RoutesModule = (routes, tenant) => {
  const templates = () => tenant.state.collection('email-templates', 'template');
  const requireTemplate = (name: string): JsonRecord => {
    const template = templates().get(name);
    if (!template) throw notFound('Template not found', 'inexistent_email_template');
    return template;
  };

  routes.management(
    'POST',
    '/api/v2/email-templates',
    'create:email_templates',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), CREATE_SPEC);
      const name = body.template as string;
      if (templates().has(name)) throw conflict(`Template ${name} already exists.`, 'email_template_conflict');
      const record: JsonRecord = { includeEmailInRedirect: false, ...clone(body) };
      templates().insert(record);
      ctx.status = 201;
      return clone(record);
    },
    { description: 'Create an email template' },
  );

  routes.management('GET', '/api/v2/email-templates/:templateName', 'read:email_templates', (ctx) => clone(requireTemplate(templateName(ctx))));

  routes.management(
    'PATCH',
    '/api/v2/email-templates/:templateName',
    'update:email_templates',
    (ctx) => {
      const name = templateName(ctx);
      const body = checkBody(bodyObject(ctx), UPDATE_SPEC);
      sameName(body, name);
      requireTemplate(name);
      return clone(
        templates().update(name, (template) => {
          for (const [key, value] of Object.entries(clone(body))) template[key] = value;
        }),
      );
    },
    { description: 'Update an email template' },
  );

  routes.management(
    'PUT',
    '/api/v2/email-templates/:templateName',
    'update:email_templates',
    (ctx) => {
      const name = templateName(ctx);
      const body = checkBody(bodyObject(ctx), SET_SPEC);
      sameName(body, name);
      const record: JsonRecord = { includeEmailInRedirect: false, ...clone(body), template: name };
      templates().put(record);
      return clone(record);
    },
    { description: 'Set an email template' },
  );
};
