/**
 * How a tenant's application proves who it is to the Authentication API: its client secret, or,
 * with a private key and no secret, a private key JWT. One place for the client-credentials body,
 * shared by the token fetch and the editor's connection check.
 */
import { CLIENT_ASSERTION_TYPE, createAssertionSigner, type AssertionSigner } from './client-assertion';
import type { TenantClientOptions } from './client-options';

/** The application's authentication: what the body carries instead of (or as) the secret. */
export class ClientAuthentication {
  private signer: AssertionSigner | undefined;

  constructor(
    private readonly options: Pick<TenantClientOptions, 'clientId' | 'clientSecret' | 'privateKey' | 'signingAlg' | 'keyId'>,
    /** The tenant's host: the assertion's audience is `https://{domain}/`. */
    private readonly domain: string,
  ) {}

  /** True when the application signs assertions (a private key and no client secret). */
  get usesPrivateKey(): boolean {
    return !this.options.clientSecret && Boolean(this.options.privateKey) && Boolean(this.options.clientId);
  }

  /** A fresh assertion for the tenant's own application, or undefined without a key; a bad key throws a ConfigError. */
  assertion(): string | undefined {
    if (!this.usesPrivateKey) return undefined;
    this.signer ??= createAssertionSigner({
      clientId: this.options.clientId as string,
      domain: this.domain,
      privateKey: this.options.privateKey as string,
      ...(this.options.signingAlg ? { alg: this.options.signingAlg } : {}),
      ...(this.options.keyId ? { keyId: this.options.keyId } : {}),
    });
    return this.signer.sign();
  }

  /** The fields that authenticate a request body: `client_secret`, or the assertion and its type. */
  bodyFields(): Record<string, string> {
    const assertion = this.assertion();
    if (assertion) return { client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: assertion };
    return this.options.clientSecret ? { client_secret: this.options.clientSecret } : {};
  }

  /** The client-credentials grant's body. */
  clientCredentialsBody(audience: string): Record<string, string | undefined> {
    return { grant_type: 'client_credentials', client_id: this.options.clientId, ...this.bodyFields(), audience };
  }
}
