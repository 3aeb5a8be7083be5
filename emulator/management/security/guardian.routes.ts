/**
 * Multifactor settings (`/api/v2/guardian/…`): factors and their enablement, SMS and phone
 * templates, factor providers (Twilio, SNS, APNs, FCM) and selected providers, phone message
 * types, policies, Duo and e-mail/phone settings, enrollment tickets, and enrollments by id.
 * Enrollment tickets with `send_mail` put the enrollment e-mail in the outbox.
 */
import { notFound } from '../../core/errors';
import { randomAlnum } from '../../core/ids';
import type { RouteContext, RouteRegistry, RoutesModule, Tenant } from '../../core/types';
import { bodyObject, checkBody, clone, payloadError, type BodySpec } from '../group-helpers';

const FACTOR_NAMES = ['push-notification', 'sms', 'email', 'duo', 'otp', 'webauthn-roaming', 'webauthn-platform', 'recovery-code'];

const DEFAULT_TEMPLATES = {
  enrollment_message: '{{code}} is your verification code for {{tenant.friendly_name}}. Please enter this code to verify your enrollment.',
  verification_message: '{{code}} is your verification code for {{tenant.friendly_name}}',
};

/**
 * Provider configurations by URL segment: which body fields each accepts, which are secrets never
 * echoed, and which keys a GET always answers (`null` while unset: Auth0's recorded Twilio answers
 * carry `messaging_service_sid: null` when only `from` was set).
 */
const PROVIDERS: Record<string, { fields: BodySpec; secrets: string[]; answered?: string[] }> = {
  'sms/providers/twilio': {
    fields: { types: { from: ['string', 'null'], messaging_service_sid: ['string', 'null'], auth_token: ['string', 'null'], sid: ['string', 'null'] } },
    secrets: [],
    answered: ['auth_token', 'sid', 'from', 'messaging_service_sid'],
  },
  'phone/providers/twilio': {
    fields: { types: { from: ['string', 'null'], messaging_service_sid: ['string', 'null'], auth_token: ['string', 'null'], sid: ['string', 'null'] } },
    secrets: [],
    answered: ['auth_token', 'sid', 'from', 'messaging_service_sid'],
  },
  'push-notification/providers/sns': {
    fields: {
      types: {
        aws_access_key_id: ['string', 'null'],
        aws_secret_access_key: ['string', 'null'],
        aws_region: ['string', 'null'],
        sns_apns_platform_application_arn: ['string', 'null'],
        sns_gcm_platform_application_arn: ['string', 'null'],
      },
    },
    secrets: [],
  },
  'push-notification/providers/apns': {
    fields: { types: { sandbox: 'boolean', bundle_id: ['string', 'null'], p12: ['string', 'null'] } },
    secrets: ['p12'],
  },
  'push-notification/providers/fcm': { fields: { types: { server_key: ['string', 'null'] } }, secrets: ['server_key'] },
  'push-notification/providers/fcmv1': { fields: { types: { server_credentials: ['string', 'null'] } }, secrets: ['server_credentials'] },
};

interface GuardianConfig {
  factors: Record<string, { enabled: boolean; trial_expired: boolean }>;
  smsTemplates: typeof DEFAULT_TEMPLATES;
  phoneTemplates: typeof DEFAULT_TEMPLATES;
  providers: Record<string, Record<string, unknown>>;
  selected: { sms: string; phone: string; 'push-notification': string };
  messageTypes: string[];
  policies: string[];
  duo: Record<string, unknown>;
  emailSettings: Record<string, unknown>;
  phoneSettings: Record<string, unknown>;
  settings: Record<string, unknown>;
  webauthnRoaming: Record<string, unknown>;
  webauthnPlatform: Record<string, unknown>;
  pushApp: Record<string, unknown>;
}

function defaults(): GuardianConfig {
  const factors: GuardianConfig['factors'] = {};
  for (const name of FACTOR_NAMES) factors[name] = { enabled: false, trial_expired: false };
  return {
    factors,
    smsTemplates: { ...DEFAULT_TEMPLATES },
    phoneTemplates: { ...DEFAULT_TEMPLATES },
    providers: {},
    selected: { sms: 'auth0', phone: 'auth0', 'push-notification': 'guardian' },
    messageTypes: ['sms'],
    policies: [],
    duo: {},
    emailSettings: { otp_length: 6, otp_expiration_time: 300 },
    phoneSettings: { otp_length: 6, otp_expiration_time: 300 },
    settings: { display_remember_me_checkbox: true, remember_me_default_value: false },
    // As an untouched tenant answers them (recorded): roaming authenticators require user verification.
    webauthnRoaming: { userVerification: 'required', overrideRelyingParty: false },
    webauthnPlatform: { overrideRelyingParty: false },
    pushApp: {},
  };
}

function apply(target: Record<string, unknown>, body: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(clone(body))) {
    if (value === null) delete target[key];
    else target[key] = value;
  }
}

function checkStrings(body: Record<string, unknown>, property: string): void {
  const list = body[property];
  if (!Array.isArray(list)) return;
  list.forEach((item, i) => {
    if (typeof item !== 'string') throw payloadError(`Expected type string but found type ${typeof item}`, `${property}[${i}]`);
  });
}

export const registerGuardianRoutes: RoutesModule = (routes: RouteRegistry, tenant: Tenant) => {
  const config = () => tenant.state.doc<GuardianConfig>('guardian', defaults);
  const tickets = () => tenant.state.collection('guardian-enrollment-tickets', 'ticket_id');
  const base = '/api/v2/guardian';
  const read = 'read:guardian_factors';
  const update = 'update:guardian_factors';

  // ---- factors ----
  routes.management('GET', `${base}/factors`, read, () => FACTOR_NAMES.map((name) => ({ ...config().factors[name], name })));

  routes.management(
    'PUT',
    `${base}/factors/:name`,
    update,
    (ctx) => {
      const name = ctx.params.name;
      if (!FACTOR_NAMES.includes(name)) throw payloadError(`No enum match for: "${name}"`, 'name');
      const body = checkBody(bodyObject(ctx), { types: { enabled: 'boolean' }, required: ['enabled'] });
      config().factors[name].enabled = body.enabled as boolean;
      return { enabled: body.enabled };
    },
    { description: 'Update a multi-factor authentication factor' },
  );

  // ---- templates ----
  const templateSpec: BodySpec = {
    types: { enrollment_message: 'string', verification_message: 'string' },
    required: ['enrollment_message', 'verification_message'],
  };
  for (const [segment, key] of [
    ['sms', 'smsTemplates'],
    ['phone', 'phoneTemplates'],
  ] as const) {
    routes.management('GET', `${base}/factors/${segment}/templates`, read, () => clone(config()[key]));
    routes.management(
      'PUT',
      `${base}/factors/${segment}/templates`,
      update,
      (ctx) => {
        const body = checkBody(bodyObject(ctx), templateSpec);
        config()[key] = { enrollment_message: body.enrollment_message as string, verification_message: body.verification_message as string };
        return clone(config()[key]);
      },
      { description: `Update ${segment} enrollment and verification templates` },
    );
  }

  // ---- providers ----
  const providerView = (path: string): Record<string, unknown> => {
    const stored = clone(config().providers[path] ?? {});
    for (const secret of PROVIDERS[path].secrets) delete stored[secret];
    return stored;
  };
  /** What a GET answers: the stored view, every always-answered key (null while unset), and APNs' `enabled`. */
  const providerRead = (path: string): Record<string, unknown> => {
    const view = providerView(path);
    for (const key of PROVIDERS[path].answered ?? []) if (!(key in view)) view[key] = null;
    if (path === 'push-notification/providers/apns') {
      // Auth0 answers `sandbox` and `enabled` on a GET (recorded, and in its description's
      // GetGuardianFactorsProviderApnsResponseContent); `enabled` once a certificate was uploaded.
      const stored = config().providers[path] ?? {};
      view.sandbox = stored.sandbox === true;
      view.enabled = typeof stored.p12 === 'string';
      if (!('bundle_id' in view)) view.bundle_id = null;
    }
    return view;
  };
  for (const [path, spec] of Object.entries(PROVIDERS)) {
    routes.management('GET', `${base}/factors/${path}`, read, () => providerRead(path));
    const write = (merge: boolean) => (ctx: RouteContext) => {
      const body = checkBody(bodyObject(ctx), spec.fields);
      const stored = merge ? (config().providers[path] ?? {}) : {};
      apply(stored, body);
      config().providers[path] = stored;
      return providerView(path);
    };
    routes.management('PUT', `${base}/factors/${path}`, update, write(false), { description: `Set ${path}` });
    if (path.startsWith('push-notification/')) routes.management('PATCH', `${base}/factors/${path}`, update, write(true), { description: `Update ${path}` });
  }

  // The older generic form: GET|PUT /guardian/factors/{factor}/providers/{provider}.
  const genericProvider = (ctx: RouteContext): string => {
    const path = `${ctx.params.name}/providers/${ctx.params.provider}`;
    if (!PROVIDERS[path]) throw notFound(`Provider ${ctx.params.provider} of factor ${ctx.params.name} does not exist`, 'inexistent_provider');
    return path;
  };
  routes.management('GET', `${base}/factors/:name/providers/:provider`, read, (ctx) => providerRead(genericProvider(ctx)));
  routes.management(
    'PUT',
    `${base}/factors/:name/providers/:provider`,
    update,
    (ctx) => {
      const path = genericProvider(ctx);
      const body = checkBody(bodyObject(ctx), PROVIDERS[path].fields);
      const stored: Record<string, unknown> = {};
      apply(stored, body);
      config().providers[path] = stored;
      return providerView(path);
    },
    { description: 'Update a factor provider' },
  );

  const selectable = {
    sms: ['auth0', 'twilio', 'phone-message-hook'],
    phone: ['auth0', 'twilio', 'phone-message-hook'],
    'push-notification': ['guardian', 'sns', 'direct'],
  } as const;
  for (const factor of Object.keys(selectable) as Array<keyof typeof selectable>) {
    routes.management('GET', `${base}/factors/${factor}/selected-provider`, read, () => ({ provider: config().selected[factor] }));
    routes.management(
      'PUT',
      `${base}/factors/${factor}/selected-provider`,
      update,
      (ctx) => {
        const body = checkBody(bodyObject(ctx), { types: { provider: 'string' }, required: ['provider'], enums: { provider: selectable[factor] } });
        config().selected[factor] = body.provider as string;
        return { provider: body.provider };
      },
      { description: `Select the ${factor} provider` },
    );
  }

  // ---- phone message types, policies, settings ----
  routes.management('GET', `${base}/factors/phone/message-types`, read, () => ({ message_types: [...config().messageTypes] }));
  routes.management(
    'PUT',
    `${base}/factors/phone/message-types`,
    update,
    (ctx) => {
      const body = checkBody(bodyObject(ctx), { types: { message_types: 'array' }, required: ['message_types'] });
      checkStrings(body, 'message_types');
      for (const type of body.message_types as string[])
        if (type !== 'sms' && type !== 'voice') throw payloadError(`No enum match for: "${type}"`, 'message_types');
      config().messageTypes = [...(body.message_types as string[])];
      return { message_types: [...config().messageTypes] };
    },
    { description: 'Update the phone factor message types' },
  );

  routes.management('GET', `${base}/policies`, ['read:mfa_policies', read], () => [...config().policies]);
  routes.management(
    'PUT',
    `${base}/policies`,
    ['update:mfa_policies', update],
    (ctx) => {
      const body = ctx.body;
      if (!Array.isArray(body)) throw payloadError(`Expected type array but found type ${typeof body}`);
      for (const policy of body)
        if (policy !== 'all-applications' && policy !== 'confidence-score') throw payloadError(`No enum match for: ${JSON.stringify(policy)}`);
      config().policies = [...(body as string[])];
      return [...config().policies];
    },
    { description: 'Set the multi-factor authentication policies' },
  );

  const settingDocs: Array<[string, 'duo' | 'emailSettings' | 'phoneSettings' | 'settings', BodySpec, boolean]> = [
    ['factors/duo/settings', 'duo', { types: { ikey: 'string', skey: 'string', host: 'string' } }, true],
    ['factors/email/settings', 'emailSettings', { types: { otp_length: 'integer', otp_expiration_time: 'integer' } }, false],
    ['factors/phone/settings', 'phoneSettings', { types: { otp_length: 'integer', otp_expiration_time: 'integer' } }, false],
    [
      'settings',
      'settings',
      {
        types: {
          display_remember_me_checkbox: 'boolean',
          remember_me_default_value: 'boolean',
          mfa_session_inactivity_timeout: 'integer',
          mfa_session_overall_timeout: 'integer',
        },
      },
      false,
    ],
  ];
  for (const [path, key, spec, patchable] of settingDocs) {
    // Auth0 answers Duo's `skey` too (every recorded GET and PUT of the Duo settings carries it).
    const view = () => clone(config()[key]);
    routes.management('GET', `${base}/${path}`, read, view);
    routes.management(
      'PUT',
      `${base}/${path}`,
      update,
      (ctx) => {
        const body = checkBody(bodyObject(ctx), spec);
        config()[key] = clone(body);
        return view();
      },
      { description: `Set guardian ${path}` },
    );
    if (patchable) {
      routes.management(
        'PATCH',
        `${base}/${path}`,
        update,
        (ctx) => {
          apply(config()[key], checkBody(bodyObject(ctx), spec));
          return view();
        },
        { description: `Update guardian ${path}` },
      );
    }
  }

  // ---- WebAuthn settings and the Guardian push custom app ----
  // Neither is in Auth0's description nor its v7 SDK types; the emulator follows the recordings
  // (go-auth0's Guardian tests): a PUT (PATCH for the app) answers what it was given, a GET the
  // stored document. The relying party and app fields are those go-auth0 sends.
  const webauthnSpec = (roaming: boolean): BodySpec => ({
    types: { overrideRelyingParty: 'boolean', relyingPartyIdentifier: ['string', 'null'], ...(roaming ? { userVerification: 'string' } : {}) },
    ...(roaming ? { enums: { userVerification: ['discouraged', 'preferred', 'required'] } } : {}),
  });
  for (const [factor, key] of [
    ['webauthn-roaming', 'webauthnRoaming'],
    ['webauthn-platform', 'webauthnPlatform'],
  ] as const) {
    const spec = webauthnSpec(factor === 'webauthn-roaming');
    routes.management('GET', `${base}/factors/${factor}/settings`, read, () => clone(config()[key]));
    routes.management(
      'PUT',
      `${base}/factors/${factor}/settings`,
      update,
      (ctx) => {
        const body = checkBody(bodyObject(ctx), spec);
        apply(config()[key], body);
        return clone(body);
      },
      { description: `Update the ${factor} factor settings` },
    );
  }
  const pushAppSpec: BodySpec = { types: { app_name: ['string', 'null'], apple_app_link: ['string', 'null'], google_app_link: ['string', 'null'] } };
  routes.management('GET', '/api/v2/prompts/mfa-push', ['read:prompts', read], () => clone(config().pushApp));
  routes.management(
    'PATCH',
    '/api/v2/prompts/mfa-push',
    ['update:prompts', update],
    (ctx) => {
      apply(config().pushApp, checkBody(bodyObject(ctx), pushAppSpec));
      return clone(config().pushApp);
    },
    { description: 'Update the custom app of Guardian push' },
  );

  // ---- enrollment tickets and enrollments ----
  routes.management(
    'POST',
    `${base}/enrollments/ticket`,
    'create:guardian_enrollment_tickets',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), {
        types: { user_id: 'string', email: 'string', send_mail: 'boolean', email_locale: 'string', factor: 'string', allow_multiple_enrollments: 'boolean' },
        required: ['user_id'],
        enums: { factor: ['push-notification', 'phone', 'email', 'otp', 'webauthn-roaming', 'webauthn-platform'] },
      });
      const user = tenant.state.users.get(body.user_id as string);
      if (!user) throw notFound('The user does not exist.', 'inexistent_user');
      const ticketId = randomAlnum(32);
      const ticketUrl = `${tenant.url}/guardian/enroll?ticket=${ticketId}`;
      tickets().insert({
        ticket_id: ticketId,
        user_id: user.user_id,
        factor: body.factor,
        allow_multiple_enrollments: body.allow_multiple_enrollments ?? false,
        created_at: tenant.clock.isoNow(),
      });
      const to = (body.email as string | undefined) ?? user.email;
      if (body.send_mail !== false && to) {
        tenant.outbox.push({
          channel: 'email',
          to,
          kind: 'guardian_enrollment',
          subject: 'Enroll in multi-factor authentication',
          body: `Follow this link to enroll a multi-factor authentication device: ${ticketUrl}`,
          link: ticketUrl,
          user_id: user.user_id,
        });
      }
      return { ticket_id: ticketId, ticket_url: ticketUrl };
    },
    { description: 'Create a multi-factor authentication enrollment ticket' },
  );

  const requireEnrollment = (id: string) => {
    const enrollment = tenant.state.enrollments.get(id);
    if (!enrollment) throw notFound('Enrollment not found', 'enrollment_not_found'); // Auth0's code (recorded)
    return enrollment;
  };

  routes.management('GET', `${base}/enrollments/:id`, ['read:guardian_enrollments', read], (ctx) => {
    const e = requireEnrollment(ctx.params.id);
    const view: Record<string, unknown> = {
      id: e.id,
      status: e.status,
      name: e.name,
      identifier: e.identifier,
      phone_number: e.phone_number,
      enrolled_at: e.enrolled_at,
      last_auth: e.last_auth,
    };
    for (const key of Object.keys(view)) if (view[key] === undefined) delete view[key];
    return view;
  });

  routes.management(
    'DELETE',
    `${base}/enrollments/:id`,
    'delete:guardian_enrollments',
    (ctx) => {
      const enrollment = requireEnrollment(ctx.params.id);
      tenant.state.enrollments.delete(enrollment.id);
      ctx.log({ type: 'gd_unenroll', description: 'Device account unenrolled', user_id: enrollment.user_id });
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete a multi-factor authentication enrollment' },
  );
};
