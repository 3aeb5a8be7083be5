/**
 * Role claims at login, as Auth0 adds them only through a post-login Action:
 *   api.idToken.setCustomClaim('https://example.com/roles', event.authorization.roles);
 * The emulator does not run Action code; it recognises this one statement (on `api.idToken` or
 * `api.accessToken`, with `event.authorization.roles` as the value, and the claim name a string
 * literal or a template like `${namespace}/roles` whose `const namespace = '…'` is in the code) in an
 * action bound to the post-login trigger, and adds the user's role names under that claim.
 * The seed option `"universalLogin": { "rolesClaim": "…" }` adds the claim to ID tokens without an Action.
 */
import type { UserRecord } from '../../core/model';
import type { Tenant } from '../../core/types';
import { universalLoginSettings } from '../../authentication/universal-login';
import { actionBindings } from './executions';

const SET_ROLES = /api\.(idToken|accessToken)\.setCustomClaim\(\s*(['"`])([^'"`]+)\2\s*,\s*event\.authorization\.roles\s*\)/g;
const CONSTANT = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(['"])([^'"]*)\2/g;

/** The claim name with `${name}` replaced by the string constants the code defines; undefined if one is unknown. */
function claimName(raw: string, quote: string, constants: Map<string, string>): string | undefined {
  if (quote !== '`') return raw;
  let unknown = false;
  const name = raw.replace(/\$\{\s*([A-Za-z_$][\w$]*)\s*\}/g, (_, id: string) => {
    const value = constants.get(id);
    if (value === undefined) unknown = true;
    return value ?? '';
  });
  return unknown || name.includes('${') ? undefined : name;
}

export type TokenKindForClaims = 'id' | 'access';

/** The claim names the bound post-login actions set to the roles, for ID or access tokens. */
function boundRoleClaims(tenant: Tenant, kind: TokenKindForClaims): string[] {
  const names: string[] = [];
  for (const binding of actionBindings(tenant)['post-login'] ?? []) {
    const code = tenant.state.collection('actions').get(binding.action_id)?.code;
    if (typeof code !== 'string') continue;
    const constants = new Map([...code.matchAll(CONSTANT)].map((m) => [m[1] ?? '', m[3] ?? '']));
    for (const match of code.matchAll(SET_ROLES)) {
      if ((match[1] === 'idToken') !== (kind === 'id')) continue;
      const name = claimName(match[3] ?? '', match[2] ?? '', constants);
      if (name) names.push(name);
    }
  }
  return names;
}

export function roleNames(tenant: Tenant, user: UserRecord): string[] {
  const state = tenant.state;
  return state.userRoles
    .rightsOf(user.user_id)
    .map((id) => state.roles.get(id)?.name)
    .filter((name): name is string => typeof name === 'string');
}

/** `{ [claim]: [role names] }` for the token of `kind`, or `{}` when no Action or option asks for it. */
export function roleClaims(tenant: Tenant, user: UserRecord, kind: TokenKindForClaims): Record<string, string[]> {
  const names = boundRoleClaims(tenant, kind);
  const option = universalLoginSettings(tenant).rolesClaim;
  if (kind === 'id' && option) names.push(option);
  if (names.length === 0) return {};
  const roles = roleNames(tenant, user);
  return Object.fromEntries(names.map((name) => [name, roles]));
}
