/** Passwordless one-time codes: issue, consume, and the user they log in. */
import { numericCode } from '../core/ids';
import type { ConnectionRecord, UserRecord } from '../core/model';
import type { RouteContext, Tenant } from '../core/types';
import { createUser, findLoginUser } from '../core/users';

export const OTP_LIFETIME_SECONDS = 300;
export const OTP_ATTEMPTS = 3;

function otpKey(clientId: string, realm: string, username: string): string {
  return `${clientId}\n${realm}\n${realm === 'email' ? username.toLowerCase() : username}`;
}

/** Issues (replacing any previous) a code for `username` on `realm`. */
export function issueOtp(tenant: Tenant, clientId: string, realm: 'email' | 'sms', username: string): string {
  const code = numericCode(6);
  tenant.state.otps.set(otpKey(clientId, realm, username), {
    code,
    username,
    realm,
    clientId,
    expiresAt: tenant.clock.nowSeconds() + OTP_LIFETIME_SECONDS,
    attemptsLeft: OTP_ATTEMPTS,
  });
  return code;
}

/** True (and the code is used up) when `otp` is the live code; a wrong try spends one of 3 attempts. */
export function consumeOtp(tenant: Tenant, clientId: string, realm: string, username: string, otp: string): boolean {
  const key = otpKey(clientId, realm, username);
  const record = tenant.state.otps.get(key);
  if (!record) return false;
  if (record.expiresAt < tenant.clock.nowSeconds()) {
    tenant.state.otps.delete(key);
    return false;
  }
  if (record.code !== otp) {
    record.attemptsLeft -= 1;
    if (record.attemptsLeft <= 0) tenant.state.otps.delete(key);
    return false;
  }
  tenant.state.otps.delete(key);
  return true;
}

/** The passwordless user of `connection` for an e-mail or phone number; signs it up on first login (`ss`). */
export function findOrCreatePasswordlessUser(ctx: RouteContext, connection: ConnectionRecord, username: string): UserRecord {
  const state = ctx.tenant.state;
  const existing = findLoginUser(state, connection.name, username);
  if (existing) return existing;
  const input =
    connection.strategy === 'sms'
      ? { connection: connection.name, phone_number: username, phone_verified: true }
      : { connection: connection.name, email: username, email_verified: true };
  const user = createUser(state, input, { now: ctx.tenant.clock.isoNow() });
  ctx.log({
    type: 'ss',
    description: 'Successful signup',
    connection: connection.name,
    connection_id: connection.id,
    strategy: connection.strategy,
    strategy_type: 'passwordless',
    user_id: user.user_id,
    user_name: username,
  });
  return user;
}
