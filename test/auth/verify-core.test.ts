/**
 * Token verification without Node-RED: the JWT checks, the claim checks and the key cache,
 * with keys generated here.
 */
import assert from 'node:assert/strict';
import { checkClaims } from '../../nodes/auth/verify/claims';
import { InvalidTokenError } from '../../nodes/auth/verify/invalid-token';
import { JwksCache, parseJwks } from '../../nodes/auth/verify/jwks';
import { findToken } from '../../nodes/auth/verify/token-source';
import { verifyToken, type VerifyExpectations } from '../../nodes/auth/verify/verifier';
import { KeyServer } from './key-server';
import { accessClaims, hs256WithPublicKey, jwksOf, makeKey, nowSeconds, signRs256, unsignedToken } from './jwt-fixtures';

const ISSUER = 'https://tenant.example.com/';
const API = 'https://api.example.com/';
const CLIENT = 'client-abc';

const keyA = makeKey('key-a');
const keyB = makeKey('key-b');
const intruder = makeKey('key-a'); // same kid, different key

/** A cache over a document the test can swap, with a clock the test moves. */
function cacheOf(document: () => unknown, clock = { now: 1_000_000 }) {
  let fetches = 0;
  const cache = new JwksCache(
    async () => {
      fetches += 1;
      return document();
    },
    { ttlMs: 600_000, minRefetchMs: 30_000, now: () => clock.now },
  );
  return { cache, clock, fetches: () => fetches };
}

const accessExpect: VerifyExpectations = { kind: 'access', issuer: ISSUER, audience: API, leeway: 60 };
const idExpect: VerifyExpectations = { kind: 'id', issuer: ISSUER, audience: CLIENT, leeway: 60 };

async function refusal(promise: Promise<unknown>): Promise<InvalidTokenError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof InvalidTokenError, `expected InvalidTokenError, got ${String(err)}`);
    return err;
  }
  assert.fail('the token was accepted');
}

function idClaims(extra: Record<string, unknown> = {}): Record<string, unknown> {
  const now = nowSeconds();
  return { iss: ISSUER, sub: 'auth0|u1', aud: CLIENT, iat: now, exp: now + 600, auth_time: now - 10, nonce: 'n-1', ...extra };
}

describe('auth verify: signature and header', () => {
  it('accepts a valid RS256 access token and returns its claims', async () => {
    const { cache } = cacheOf(() => jwksOf(keyA));
    const claims = await verifyToken(signRs256(accessClaims(ISSUER, API), keyA), cache, accessExpect);
    assert.equal(claims.sub, 'auth0|user1');
    assert.equal(claims.scope, 'read:things');
  });

  it('refuses alg none, the HS256 confusion with the public key, and other algorithms', async () => {
    const { cache, fetches } = cacheOf(() => jwksOf(keyA));
    const claims = accessClaims(ISSUER, API);
    assert.equal((await refusal(verifyToken(unsignedToken(claims, 'key-a'), cache, accessExpect))).code, 'malformed');
    const noneSigned = `${unsignedToken(claims, 'key-a')}AAAA`;
    assert.equal((await refusal(verifyToken(noneSigned, cache, accessExpect))).code, 'unsupported_alg');
    assert.equal((await refusal(verifyToken(hs256WithPublicKey(claims, keyA), cache, accessExpect))).code, 'unsupported_alg');
    const rs512 = signRs256(claims, keyA, { alg: 'RS512' });
    assert.equal((await refusal(verifyToken(rs512, cache, accessExpect))).code, 'unsupported_alg');
    assert.equal(fetches(), 0, 'no key is fetched for a token refused by its header');
  });

  it('refuses a tampered payload and a signature by another key with the same kid', async () => {
    const { cache } = cacheOf(() => jwksOf(keyA));
    const token = signRs256(accessClaims(ISSUER, API), keyA);
    const [h, , s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify(accessClaims(ISSUER, API, { sub: 'auth0|admin' }))).toString('base64url')}.${s}`;
    assert.equal((await refusal(verifyToken(forged, cache, accessExpect))).code, 'bad_signature');
    assert.equal((await refusal(verifyToken(signRs256(accessClaims(ISSUER, API), intruder), cache, accessExpect))).code, 'bad_signature');
  });

  it('refuses malformed tokens and tokens without a kid', async () => {
    const { cache } = cacheOf(() => jwksOf(keyA));
    for (const bad of ['abc', 'a.b', 'a.b.c.d', '!!!.e30.sig', `${Buffer.from('not json').toString('base64url')}.e30.c2ln`]) {
      assert.equal((await refusal(verifyToken(bad, cache, accessExpect))).code, 'malformed', bad);
    }
    const noKid = signRs256(accessClaims(ISSUER, API), keyA, { kid: undefined });
    assert.equal((await refusal(verifyToken(noKid, cache, accessExpect))).code, 'unknown_key');
  });

  it('never quotes the token or its claims in a reason', async () => {
    const { cache } = cacheOf(() => jwksOf(keyA));
    const secretSub = 'auth0|very-secret-subject';
    const cases = [
      signRs256(accessClaims('https://evil.example/', API, { sub: secretSub }), keyA),
      signRs256(accessClaims(ISSUER, 'https://other-api/', { sub: secretSub }), keyA),
      signRs256(accessClaims(ISSUER, API, { sub: secretSub, exp: nowSeconds() - 3600 }), keyA),
      hs256WithPublicKey(accessClaims(ISSUER, API, { sub: secretSub }), keyA),
    ];
    for (const token of cases) {
      const err = await refusal(verifyToken(token, cache, accessExpect));
      for (const piece of [...token.split('.'), secretSub, 'evil.example', 'other-api']) {
        if (piece.length > 3) assert.ok(!err.reason.includes(piece), `reason "${err.reason}" quotes the token`);
      }
    }
  });
});

describe('auth verify: claims', () => {
  it('checks issuer and audience (string or array)', async () => {
    const { cache } = cacheOf(() => jwksOf(keyA));
    assert.equal((await refusal(verifyToken(signRs256(accessClaims('https://evil/', API), keyA), cache, accessExpect))).code, 'wrong_issuer');
    assert.equal((await refusal(verifyToken(signRs256(accessClaims(ISSUER, 'https://other/'), keyA), cache, accessExpect))).code, 'wrong_audience');
    const multi = await verifyToken(signRs256(accessClaims(ISSUER, [API, `${ISSUER}userinfo`]), keyA), cache, accessExpect);
    assert.deepEqual(multi.aud, [API, `${ISSUER}userinfo`]);
    assert.equal((await refusal(verifyToken(signRs256(accessClaims(ISSUER, API, { aud: 5 }), keyA), cache, accessExpect))).code, 'missing_claim');
  });

  it('checks expiry and not-before with the leeway', async () => {
    const { cache } = cacheOf(() => jwksOf(keyA));
    const now = nowSeconds();
    await verifyToken(signRs256(accessClaims(ISSUER, API, { exp: now - 30 }), keyA), cache, accessExpect);
    assert.equal((await refusal(verifyToken(signRs256(accessClaims(ISSUER, API, { exp: now - 120 }), keyA), cache, accessExpect))).code, 'expired');
    assert.equal(
      (await refusal(verifyToken(signRs256(accessClaims(ISSUER, API, { exp: now - 30 }), keyA), cache, { ...accessExpect, leeway: 0 }))).code,
      'expired',
    );
    assert.equal((await refusal(verifyToken(signRs256(accessClaims(ISSUER, API, { nbf: now + 300 }), keyA), cache, accessExpect))).code, 'not_yet_valid');
    await verifyToken(signRs256(accessClaims(ISSUER, API, { nbf: now + 30 }), keyA), cache, accessExpect);
    assert.equal((await refusal(verifyToken(signRs256(accessClaims(ISSUER, API, { exp: undefined }), keyA), cache, accessExpect))).code, 'missing_claim');
  });

  it('ID tokens: iat required, azp with several audiences, nonce', () => {
    const now = nowSeconds();
    checkClaims(idClaims(), { ...idExpect, now, nonce: 'n-1' });
    assert.throws(() => checkClaims(idClaims({ iat: undefined }), { ...idExpect, now }), { code: 'missing_claim' });
    assert.throws(() => checkClaims(idClaims({ aud: [CLIENT, 'other'] }), { ...idExpect, now }), { code: 'wrong_azp' });
    checkClaims(idClaims({ aud: [CLIENT, 'other'], azp: CLIENT }), { ...idExpect, now });
    assert.throws(() => checkClaims(idClaims(), { ...idExpect, now, nonce: 'n-2' }), { code: 'wrong_nonce' });
    assert.throws(() => checkClaims(idClaims({ nonce: undefined }), { ...idExpect, now, nonce: 'n-1' }), { code: 'wrong_nonce' });
    // An access token without iat is fine.
    checkClaims({ ...accessClaims(ISSUER, API), iat: undefined }, { ...accessExpect, now });
  });

  it('max_age against auth_time, with the leeway', () => {
    const now = nowSeconds();
    checkClaims(idClaims({ auth_time: now - 100 }), { ...idExpect, now, maxAge: 60 }); // 100 <= 60 + 60
    assert.throws(() => checkClaims(idClaims({ auth_time: now - 200 }), { ...idExpect, now, maxAge: 60 }), { code: 'login_too_old' });
    assert.throws(() => checkClaims(idClaims({ auth_time: undefined }), { ...idExpect, now, maxAge: 60 }), { code: 'missing_claim' });
    checkClaims(idClaims({ auth_time: undefined }), { ...idExpect, now });
  });

  it('organization: org_ ids against org_id, names against org_name in lower case', () => {
    const now = nowSeconds();
    checkClaims(idClaims({ org_id: 'org_123' }), { ...idExpect, now, organization: 'org_123' });
    assert.throws(() => checkClaims(idClaims({ org_id: 'org_999' }), { ...idExpect, now, organization: 'org_123' }), { code: 'wrong_organization' });
    assert.throws(() => checkClaims(idClaims(), { ...idExpect, now, organization: 'org_123' }), { code: 'wrong_organization' });
    checkClaims(idClaims({ org_name: 'acme' }), { ...idExpect, now, organization: 'Acme' });
    assert.throws(() => checkClaims(idClaims({ org_name: 'globex' }), { ...idExpect, now, organization: 'acme' }), { code: 'wrong_organization' });
  });
});

describe('auth verify: key cache', () => {
  it('fetches once, then serves from the cache until the TTL passes', async () => {
    const { cache, clock, fetches } = cacheOf(() => jwksOf(keyA));
    const token = signRs256(accessClaims(ISSUER, API), keyA);
    await verifyToken(token, cache, accessExpect);
    await verifyToken(token, cache, accessExpect);
    assert.equal(fetches(), 1);
    clock.now += 600_001;
    await verifyToken(token, cache, accessExpect);
    assert.equal(fetches(), 2);
  });

  it('refetches on an unknown kid (key rotation), rate-limited', async () => {
    let document = jwksOf(keyA);
    const { cache, clock, fetches } = cacheOf(() => document);
    await verifyToken(signRs256(accessClaims(ISSUER, API), keyA), cache, accessExpect);
    assert.equal(fetches(), 1);
    // The tenant rotates in key B.
    document = jwksOf(keyA, keyB);
    clock.now += 31_000;
    const rotated = await verifyToken(signRs256(accessClaims(ISSUER, API), keyB), cache, accessExpect);
    assert.equal(rotated.sub, 'auth0|user1');
    assert.equal(fetches(), 2);
    // Made-up key ids right after: refused without another fetch.
    const unknown = makeKey('key-zzz');
    for (let i = 0; i < 5; i += 1) {
      assert.equal((await refusal(verifyToken(signRs256(accessClaims(ISSUER, API), unknown), cache, accessExpect))).code, 'unknown_key');
    }
    assert.equal(fetches(), 2);
    clock.now += 30_000;
    await refusal(verifyToken(signRs256(accessClaims(ISSUER, API), unknown), cache, accessExpect));
    assert.equal(fetches(), 3);
  });

  it('shares one fetch between concurrent verifications', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let fetches = 0;
    const cache = new JwksCache(async () => {
      fetches += 1;
      await gate;
      return jwksOf(keyA);
    });
    const token = signRs256(accessClaims(ISSUER, API), keyA);
    const all = Promise.all([1, 2, 3].map(() => verifyToken(token, cache, accessExpect)));
    release();
    assert.equal((await all).length, 3);
    assert.equal(fetches, 1);
  });

  it('passes a fetch failure on as an error that is not a refusal', async () => {
    const cache = new JwksCache(async () => {
      throw new Error('connect ECONNREFUSED');
    });
    await assert.rejects(verifyToken(signRs256(accessClaims(ISSUER, API), keyA), cache, accessExpect), (err: Error) => {
      assert.ok(!(err instanceof InvalidTokenError));
      assert.match(err.message, /ECONNREFUSED/);
      return true;
    });
  });

  describe('against a loopback JWKS endpoint that fails on demand', () => {
    let tenant: KeyServer;
    beforeEach(async () => {
      tenant = new KeyServer(keyA);
      await tenant.start();
    });
    afterEach(() => tenant.close());

    /** The cache over real HTTP fetches of the tenant's document, with the test's clock. */
    function httpCache(clock: { now: number }): JwksCache {
      return new JwksCache(
        async () => {
          const res = await fetch(`http://${tenant.domain}/.well-known/jwks.json`);
          if (!res.ok) throw new Error(`the JWKS endpoint answered HTTP ${res.status}`);
          return res.json();
        },
        { ttlMs: 600_000, minRefetchMs: 30_000, now: () => clock.now },
      );
    }

    it('a failing endpoint is fetched once per interval, not once per token', async () => {
      const clock = { now: 1_000_000 };
      const cache = httpCache(clock);
      tenant.failing = true;
      const token = signRs256(accessClaims(ISSUER, API), keyA);
      for (let i = 0; i < 25; i += 1) {
        await assert.rejects(verifyToken(token, cache, accessExpect), (err: Error) => {
          assert.ok(!(err instanceof InvalidTokenError), 'not the token at fault');
          assert.match(err.message, /HTTP 503/);
          return true;
        });
        clock.now += 1000; // 25 tokens over 25 s
      }
      assert.equal(tenant.fetches, 1);
      // The interval over: one more fetch, which finds the tenant back.
      clock.now += 5_000;
      tenant.failing = false;
      assert.equal((await verifyToken(token, cache, accessExpect)).sub, 'auth0|user1');
      assert.equal(tenant.fetches, 2);
    });

    it('keeps serving the cached keys when a refresh after the TTL fails, and retries at the paced interval', async () => {
      const clock = { now: 1_000_000 };
      const cache = httpCache(clock);
      const token = signRs256(accessClaims(ISSUER, API), keyA);
      await verifyToken(token, cache, accessExpect);
      assert.equal(tenant.fetches, 1);
      tenant.failing = true;
      clock.now += 600_001; // past the 10 minutes
      for (let i = 0; i < 25; i += 1) {
        assert.equal((await verifyToken(token, cache, accessExpect)).sub, 'auth0|user1', `token ${i}`);
        clock.now += 1000;
      }
      assert.equal(tenant.fetches, 2, 'one refresh attempt for 25 tokens');
      // A key it never had is not made up from the stale set: the remembered failure is the answer.
      await assert.rejects(verifyToken(signRs256(accessClaims(ISSUER, API), keyB), cache, accessExpect), /HTTP 503/);
      clock.now += 30_000;
      assert.equal((await verifyToken(token, cache, accessExpect)).sub, 'auth0|user1');
      assert.equal(tenant.fetches, 3);
      // Back: the next due refresh takes the rotated set.
      tenant.failing = false;
      tenant.keys = [keyB];
      clock.now += 30_000;
      assert.equal((await verifyToken(signRs256(accessClaims(ISSUER, API), keyB), cache, accessExpect)).sub, 'auth0|user1');
      assert.equal(tenant.fetches, 4);
    });
  });

  it('keeps only RSA signing keys of the JWKS document', () => {
    const doc = jwksOf(keyA, keyB);
    doc.keys.push({ kty: 'EC', kid: 'ec', crv: 'P-256', x: 'a', y: 'b' });
    doc.keys.push({ ...doc.keys[0], kid: 'enc-key', use: 'enc' });
    doc.keys.push({ ...doc.keys[0], kid: 'hs-key', alg: 'HS256' });
    doc.keys.push({ kty: 'RSA', kid: 'no-exponent', n: doc.keys[0].n });
    assert.deepEqual([...parseJwks(doc).keys()].sort(), ['key-a', 'key-b']);
    assert.throws(() => parseJwks({}), /keys/);
  });
});

describe('auth verify: where the token comes from', () => {
  it('reads a Bearer Authorization header first', () => {
    assert.equal(findToken({ req: { headers: { authorization: 'Bearer abc.def.ghi' } }, payload: 'x.y.z' }, 'access'), 'abc.def.ghi');
    assert.equal(findToken({ req: { headers: { authorization: 'bearer  abc.def.ghi ' } } }, 'access'), 'abc.def.ghi');
    assert.throws(() => findToken({ req: { headers: { authorization: 'Bearer not a token' } } }, 'access'), { code: 'malformed' });
    // Basic (Node-RED's httpNodeAuth) is someone else's credential: the token is looked for further.
    assert.throws(() => findToken({ req: { headers: { authorization: 'Basic dXNlcjpwYXNz' } } }, 'access'), { code: 'no_token' });
    assert.equal(findToken({ req: { headers: { authorization: 'Basic dXNlcjpwYXNz' } }, payload: { id_token: 'i.d.t' } }, 'id'), 'i.d.t');
  });

  it('else msg.payload as a string, or the token of the kind in a token response', () => {
    assert.equal(findToken({ payload: ' a.b.c ' }, 'access'), 'a.b.c');
    assert.equal(findToken({ payload: 'Bearer a.b.c' }, 'access'), 'a.b.c');
    assert.equal(findToken({ payload: { access_token: 'at.x.y', id_token: 'id.x.y' } }, 'id'), 'id.x.y');
    assert.equal(findToken({ payload: { access_token: 'at.x.y', id_token: 'id.x.y' } }, 'access'), 'at.x.y');
    assert.throws(() => findToken({ req: { headers: {} }, payload: {} }, 'access'), { code: 'no_token' });
    assert.throws(() => findToken({ payload: 42 }, 'id'), { code: 'no_token' });
  });
});
