/**
 * The e-mail provider: `POST|GET|PATCH|DELETE /api/v2/emails/provider`, a single configuration.
 * Secret credentials (API keys, passwords, secret access keys) are stored but never shown,
 * as Auth0 answers only their non-secret parts.
 */
import { conflict, notFound } from '../../core/errors';
import { fieldsProjection } from '../../core/paging';
import type { RoutesModule } from '../../core/types';
import { bodyObject, checkBody, clone, type BodySpec } from '../group-helpers';

const PROVIDERS = ['mailgun', 'mandrill', 'sendgrid', 'ses', 'sparkpost', 'smtp', 'azure_cs', 'ms365', 'custom'];
const SECRET_CREDENTIALS = new Set(['api_key', 'secretAccessKey', 'smtp_pass', 'connectionString', 'clientSecret']);

const TYPES = { name: 'string', enabled: 'boolean', default_from_address: 'string', credentials: 'object', settings: ['object', 'null'] } as const;
const CREATE_SPEC: BodySpec = { types: TYPES, required: ['name', 'credentials'], enums: { name: PROVIDERS } };
const UPDATE_SPEC: BodySpec = { types: TYPES, enums: { name: PROVIDERS } };

const DOC = 'email-provider';

type Provider = Record<string, unknown>;

function shown(provider: Provider): Record<string, unknown> {
  const view = clone(provider);
  const credentials = view.credentials as Record<string, unknown> | undefined;
  if (credentials) for (const key of Object.keys(credentials)) if (SECRET_CREDENTIALS.has(key)) delete credentials[key];
  return view;
}

export const registerEmailsRoutes: RoutesModule = (routes, tenant) => {
  const current = (): Provider | undefined => (tenant.state.hasDoc(DOC) ? tenant.state.doc<Provider>(DOC, () => ({})) : undefined);
  const requireProvider = (): Provider => {
    const provider = current();
    if (!provider) throw notFound('Email provider is not configured', 'inexistent_email_provider');
    return provider;
  };

  routes.management(
    'POST',
    '/api/v2/emails/provider',
    'create:email_provider',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), CREATE_SPEC);
      if (current()) throw conflict('An email provider is already configured', 'email_provider_conflict');
      const provider: Provider = { enabled: true, ...clone(body) };
      tenant.state.setDoc(DOC, provider);
      ctx.status = 201;
      return shown(provider);
    },
    { description: 'Configure the email provider' },
  );

  routes.management('GET', '/api/v2/emails/provider', 'read:email_provider', (ctx) => fieldsProjection(ctx.query)(shown(requireProvider())));

  routes.management(
    'PATCH',
    '/api/v2/emails/provider',
    'update:email_provider',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), UPDATE_SPEC);
      const provider = requireProvider();
      for (const [key, value] of Object.entries(clone(body))) {
        if (key === 'credentials' && body.name === undefined) {
          // Credentials of the same provider are merged, so a secret need not be sent again.
          provider.credentials = { ...(provider.credentials as object), ...(value as object) };
        } else if (value === null) delete provider[key];
        else provider[key] = value;
      }
      return shown(provider);
    },
    { description: 'Update the email provider' },
  );

  routes.management(
    'DELETE',
    '/api/v2/emails/provider',
    'delete:email_provider',
    (ctx) => {
      // With no provider set, Auth0 answers 204 too (recorded).
      tenant.state.deleteDoc(DOC);
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete the email provider' },
  );
};
