/**
 * User search (`q` of GET /api/v2/users) in Lucene syntax, evaluated with liqe
 * over each user object. As Auth0 does, a quoted value matches the whole field (ignoring case
 * on the profile's names and e-mail); unquoted values match case-insensitively as substrings
 * (Auth0 tokenises them instead); `*` wildcards, ranges (`[a TO b]`, `>n`), AND/OR/NOT and
 * `_exists_:field` work.
 */
import { parse, test, type LiqeQuery } from 'liqe';
import { invalidQuery } from '../../core/errors';
import { anchorTerms } from '../../core/lucene';
import type { UserRecord } from '../../core/model';

export type UserPredicate = (user: UserRecord) => boolean;

/** Profile fields Auth0 searches without regard to case. */
const CASE_INSENSITIVE = new Set(['email', 'name', 'given_name', 'family_name', 'nickname', 'username']);

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
  anchorTerms(ast, { anchors: (_field, quoted) => quoted, ignoresCase: (field) => CASE_INSENSITIVE.has(field) });
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
