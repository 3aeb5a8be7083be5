/**
 * User search (`q` of GET /api/v2/users) in Lucene syntax, evaluated with liqe
 * over each user object. Differences from Auth0's engine: unquoted values
 * match case-insensitively as substrings, quoted values exactly; `*` wildcards,
 * ranges (`[a TO b]`, `>n`), AND/OR/NOT and `_exists_:field` work.
 */
import { parse, test, type LiqeQuery } from 'liqe';
import { invalidQuery } from '../core/errors';
import type { UserRecord } from '../core/model';

export type UserPredicate = (user: UserRecord) => boolean;

/** Parses `q` once; the predicate tests one user. Throws Auth0's 400 on a syntax error. */
export function compileUserQuery(q: string): UserPredicate {
  // `_exists_:field` is Lucene for "has field"; liqe writes it `field:*`.
  const rewritten = q.replace(/_exists_:("?)([\w.]+)\1/g, '$2:*');
  let ast: LiqeQuery;
  try {
    ast = parse(rewritten);
  } catch {
    throw invalidQuery(`Query validation error: 'Invalid query string: ${q}'`);
  }
  return (user) => test(ast, searchView(user));
}

/** Arrays of objects (identities) become objects of arrays, so `identities.connection:x` matches. */
function searchView(user: UserRecord): Record<string, unknown> {
  const identities = user.identities;
  return {
    ...user,
    identities: {
      connection: identities.map((i) => i.connection),
      provider: identities.map((i) => i.provider),
      user_id: identities.map((i) => i.user_id),
      isSocial: identities.map((i) => i.isSocial),
    },
  };
}
