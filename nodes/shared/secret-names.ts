/**
 * Which property names carry a secret: the one rule shared by the tenant snapshot (secrets become
 * fingerprints), the edit form (a secret body property takes msg, flow, global or env only), the
 * runtime's refusal of a secret typed into a flow, and the derivation from Auth0's descriptions
 * (scripts/derive-descriptions.ts), which adds what the description itself marks (`writeOnly`,
 * `format: password`).
 *
 * A name is read as words (`storageAccessKey`, `aws_secret_access_key`, `X-Api-Key` alike) and
 * judged by its last words, the thing it names: `twilio_token` is a token, `token_lifetime` is a
 * lifetime. Public keys, certificates, key ids and flags are never secrets.
 */

/** What the name says the value is. */
export type SecretKind =
  /** A secret text (a token, a password): an object under such a name is its settings, judged field by field. */
  | 'text'
  /** A secret of any JSON type (credentials, an authorization, a key pair); a structure of settings the description shows without a secret is judged field by field. */
  | 'any'
  /** A collection of secrets (a list of secrets, a header map or list): always one value. */
  | 'collection';

/** Last words naming a secret text. */
const TEXT_NOUNS = new Set(['secret', 'password', 'passwd', 'pass', 'passphrase', 'token', 'masterkey', 'apikey', 'skey']);
/** Last words naming a secret of any shape. */
const ANY_NOUNS = new Set(['credential', 'credentials', 'authorization', 'sas']);
/** Last words naming a collection of secrets. */
const COLLECTION_NOUNS = new Set(['secrets']);
/** `<word> key` that is a secret key (not a public, site, encryption or id key). */
const SECRET_KEY_WORDS = new Set(['private', 'secret', 'api', 'access', 'master', 'write', 'server', 'sas', 'signing', 'decryption', 'shared', 'auth']);
/** `<verb> password` names what is done to a password (a script, a prompt), not a password. */
const VERBS = new Set(['change', 'reset', 'forgot']);

/** The words of a property name, lower case: `httpCustomHeaders` → http custom headers. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** The kind of secret a property name names, or undefined when it names none. */
export function secretKind(name: string): SecretKind | undefined {
  return kindOfWords(nameWords(name));
}

/** The kind of secret words name, judged by the last of them. */
function kindOfWords(words: readonly string[]): SecretKind | undefined {
  const last = words[words.length - 1];
  const before = words[words.length - 2];
  if (last === undefined) return undefined;
  if (TEXT_NOUNS.has(last)) return before !== undefined && VERBS.has(before) ? undefined : 'text';
  if (ANY_NOUNS.has(last)) return 'any';
  if (COLLECTION_NOUNS.has(last)) return 'collection';
  // A key under such a name is a secret text, or a pair (`signing_key` {cert, key}) holding one.
  if (last === 'key' && before !== undefined && SECRET_KEY_WORDS.has(before)) return 'any';
  // Custom headers carry authorization values: a header map or list is one secret.
  if (last === 'headers' && (words.length === 1 || before === 'custom')) return 'collection';
  return undefined;
}

export function isSecretName(name: string): boolean {
  return secretKind(name) !== undefined;
}

/**
 * A map whose keys the tenant's administrators choose rather than Auth0 (a client's
 * `client_metadata`, an organization's `metadata`, a connection's `upstream_params`): its keys
 * are not Auth0's vocabulary, so a secret word anywhere in one names a secret.
 */
function isUserKeyedMap(name: string): boolean {
  const words = nameWords(name);
  const last = words[words.length - 1];
  return last === 'metadata' || (last === 'params' && words[words.length - 2] === 'upstream');
}

/**
 * The kind of secret a key names where it stands: in a user-keyed map, a secret word anywhere in
 * the key (`stripe_secret_live`, `DB_PASSWORD_PROD`) names a secret of any shape (an upstream
 * parameter's `{value}` with it); elsewhere the last words judge, as secretKind.
 */
export function secretKindIn(parent: string | undefined, name: string): SecretKind | undefined {
  const own = secretKind(name);
  if (own !== undefined || parent === undefined || !isUserKeyedMap(parent)) return own;
  const words = nameWords(name);
  for (let end = 1; end < words.length; end++) if (kindOfWords(words.slice(0, end)) !== undefined) return 'any';
  return undefined;
}

/** A scheme that carries a credential in the value itself (`Bearer …`, `Basic …`). */
const CREDENTIAL_SCHEME = /^\s*(bearer|basic|digest|token|apikey|sso-key)\s+\S/i;

/**
 * Whether a text carries a credential whatever the name of the field that holds it: an
 * authorization value (`Bearer …`), or a URL with a password in its user information
 * (`https://user:pass@host`) or a query or fragment parameter named like a secret (`?token=…`).
 */
export function carriesCredential(text: string): boolean {
  if (CREDENTIAL_SCHEME.test(text)) return true;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim())) return false;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    // Not a URL Node can read: one with user information is still judged by its shape.
    return /^[a-z][a-z0-9+.-]*:\/\/[^/@\s]*:[^/@\s]*@/i.test(text.trim());
  }
  if (url.password !== '') return true;
  const names = [...url.searchParams.keys(), ...new URLSearchParams(url.hash.replace(/^#/, '')).keys()];
  return names.some((name) => secretKindIn('metadata', name) !== undefined);
}
