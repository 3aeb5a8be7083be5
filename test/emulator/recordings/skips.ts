/**
 * What the replay leaves out, each with its reason (printed by the test): whole recordings, single
 * interactions, and keys of Auth0's answers that the recordings cannot be trusted on.
 */
import type { RecordedInteraction } from './cassettes';

interface Skip {
  /** The recording's file (path below the recordings folder). */
  file: RegExp;
  /** Only these interactions (by method and recorded path); all of the file without it. */
  where?: { method?: string; path?: RegExp; status?: number };
  reason: string;
}

export const SKIPS: readonly Skip[] = [
  { file: /^TestDeviceCredentials_/, reason: 'hand-written by go-auth0, not recorded from Auth0' },
  {
    file: /./,
    where: { path: /\/(UserID|SessionID|RefreshTokenID|CLIENTID)(\/|\?|$)/ },
    reason: 'the recording hides the id behind a placeholder (UserID, SessionID, RefreshTokenID, CLIENTID): what it names was never created in the recording',
  },
];

/** The reason `interaction` of `file` is skipped, if it is. */
export function skipOf(file: string, interaction: RecordedInteraction): string | undefined {
  for (const skip of SKIPS) {
    if (!skip.file.test(file)) continue;
    const where = skip.where;
    if (where?.method && where.method !== interaction.method) continue;
    if (where?.path && !where.path.test(interaction.pathAndQuery)) continue;
    if (where?.status !== undefined && where.status !== interaction.status) continue;
    return skip.reason;
  }
  return undefined;
}

interface IgnoredKeys {
  path: RegExp;
  keys: readonly string[];
  reason: string;
}

export const IGNORED_KEYS: readonly IgnoredKeys[] = [
  {
    path: /^\/api\/v2\/clients(\/[^/?]+)?(\?|$)/,
    keys: ['client_secret', 'signing_keys', 'clients[].client_secret', 'clients[].signing_keys', '[].client_secret', '[].signing_keys'],
    reason: 'go-auth0 re-encodes client answers: every one carries client_secret and signing_keys whether or not Auth0 sent them',
  },
  {
    path: /^\/api\/v2\/(connections|clients\/[^/]+\/connections)/,
    keys: ['options', 'connections[].options', '[].options'].flatMap((at) =>
      [
        'oidc_metadata',
        'issuer',
        'authorization_endpoint',
        'token_endpoint',
        'userinfo_endpoint',
        'jwks_uri',
        'signInEndpoint',
        'thumbprints',
        'cert',
        'expires',
        'subject',
        'app_domain',
      ].map((key) => `${at}.${key}`),
    ),
    reason:
      "what Auth0 fetched from the internet (an OIDC issuer's discovery document, ADFS or Azure AD metadata) or read from a SAML certificate: the emulator never fetches",
  },
];

export function ignoredKeys(interaction: RecordedInteraction): ReadonlySet<string> {
  const out = new Set<string>();
  for (const rule of IGNORED_KEYS) if (rule.path.test(interaction.pathAndQuery)) for (const key of rule.keys) out.add(key);
  return out;
}
