/**
 * Role claims at login, as Auth0 adds them only through a post-login Action:
 *   api.idToken.setCustomClaim('https://example.com/roles', event.authorization.roles);
 * The emulator does not run Action code; it recognises this one statement (a string-literal claim
 * name, `event.authorization.roles` as the value, on `api.idToken` or `api.accessToken`) in the code
 * of an action bound to the post-login trigger and adds the user's role names under that claim.
 * The seed option `"universalLogin": { "rolesClaim": "…" }` adds the claim to ID tokens without an Action.
 */
import type { UserRecord } from '../core/model';
import type { Tenant } from '../core/types';
import { universalLoginSettings } from '../auth/universal-login';
import { actionBindings } from './executions';

const SET_ROLES = /api\.(idToken|accessToken)\.setCustomClaim\(\s*(['"`])([^'"`$]+)\2\s*,\s*event\.authorization\.roles\s*\)/g;

export type TokenKindForClaims = 'id' | 'access';

/** The claim names the bound post-login actions set to the roles, for ID or access tokens. */
function boundRoleClaims(tenant: Tenant, kind: TokenKindForClaims): string[] {
  const names: string[] = [];
  for (const binding of actionBindings(tenant)['post-login'] ?? []) {
    const code = tenant.state.collection('actions').get(binding.action_id)?.code;
    if (typeof code !== 'string') continue;
    for (const match of code.matchAll(SET_ROLES)) {
      if ((match[1] === 'idToken') === (kind === 'id') && match[3]) names.push(match[3]);
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
