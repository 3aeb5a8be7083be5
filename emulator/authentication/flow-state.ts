/**
 * State of the Authentication API flows a user answers elsewhere or in steps: device codes,
 * backchannel (CIBA) requests, pushed authorization requests, MFA tokens, challenges and
 * authenticator secrets, passkey sessions and credentials. One store per tenant, emptied on
 * reset (auth-flows routes register that).
 */
import type { Tenant } from '../core/types';

export type Answer = 'pending' | 'approved' | 'denied';

export interface DeviceCodeRecord {
  deviceCode: string;
  userCode: string;
  clientId: string;
  scope?: string;
  audience?: string;
  expiresAt: number;
  interval: number;
  /** Emulated-clock ms of the last poll, for slow_down. */
  lastPollMs?: number;
  status: Answer;
  userId?: string;
}

export interface BackchannelRecord {
  authReqId: string;
  clientId: string;
  userId: string;
  scope: string;
  audience?: string;
  bindingMessage: string;
  expiresAt: number;
  interval: number;
  lastPollMs?: number;
  status: Answer;
}

export interface ParRecord {
  requestUri: string;
  clientId: string;
  params: Record<string, string>;
  expiresAt: number;
}

export interface MfaTokenRecord {
  token: string;
  userId: string;
  clientId: string;
  scope?: string;
  audience?: string;
  connection?: string;
  expiresAt: number;
}

export interface OobChallengeRecord {
  oobCode: string;
  mfaToken: string;
  enrollmentId: string;
  channel: string;
  /** The code sent by SMS, voice or e-mail; none for push. */
  bindingCode?: string;
  status: Answer;
  expiresAt: number;
}

/** What the MFA API keeps of an enrollment beyond the Management API's view of it. */
export interface AuthenticatorSecrets {
  /** Base32 TOTP secret (otp authenticators). */
  totpSecret?: string;
  /** The current recovery code (one per user, on its recovery-code enrollment). */
  recoveryCode?: string;
}

export interface PasskeySessionRecord {
  session: string;
  clientId: string;
  realm: string;
  kind: 'register' | 'challenge';
  challenge: string;
  userProfile?: Record<string, unknown>;
  expiresAt: number;
}

export interface FlowSettings {
  /** Seconds between polls the device flow asks for (Auth0: 5). */
  deviceInterval: number;
  deviceExpiresIn: number;
  backchannelInterval: number;
  backchannelExpiresIn: number;
}

export const DEFAULT_FLOW_SETTINGS: FlowSettings = { deviceInterval: 5, deviceExpiresIn: 900, backchannelInterval: 5, backchannelExpiresIn: 300 };

export class FlowState {
  readonly deviceCodes = new Map<string, DeviceCodeRecord>();
  readonly backchannel = new Map<string, BackchannelRecord>();
  readonly par = new Map<string, ParRecord>();
  readonly mfaTokens = new Map<string, MfaTokenRecord>();
  readonly oobChallenges = new Map<string, OobChallengeRecord>();
  readonly authenticatorSecrets = new Map<string, AuthenticatorSecrets>();
  readonly passkeySessions = new Map<string, PasskeySessionRecord>();
  /** Passkey credential id → user id. */
  readonly passkeys = new Map<string, string>();
  settings: FlowSettings = { ...DEFAULT_FLOW_SETTINGS };

  deviceByUserCode(userCode: string): DeviceCodeRecord | undefined {
    const wanted = normaliseUserCode(userCode);
    for (const record of this.deviceCodes.values()) if (record.userCode.replace('-', '') === wanted) return record;
    return undefined;
  }

  clear(): void {
    this.deviceCodes.clear();
    this.backchannel.clear();
    this.par.clear();
    this.mfaTokens.clear();
    this.oobChallenges.clear();
    this.authenticatorSecrets.clear();
    this.passkeySessions.clear();
    this.passkeys.clear();
    this.settings = { ...DEFAULT_FLOW_SETTINGS };
  }
}

/** A user code as typed: case and the dash do not matter. */
export function normaliseUserCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

const stores = new WeakMap<Tenant, FlowState>();

export function flowState(tenant: Tenant): FlowState {
  let store = stores.get(tenant);
  if (!store) {
    store = new FlowState();
    stores.set(tenant, store);
  }
  return store;
}
