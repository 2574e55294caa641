import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { completeInvitation, latestTemporaryPassword, readOutbox } from '../../../infra/local/emulators/cognito';
import { api } from './http';
import { stack } from './stack';

/** A unique address; `tag` groups the users of one test so searches find exactly them. */
export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

/** A valid POST /users body: an Acme merchant user unless overridden. */
export function userBody(overrides: Record<string, unknown> = {}) {
  return { email: uniqueEmail(), role: 'NEBULARMERCHANTUSER', language: 'en', merchantIds: ['acme-vending'], ...overrides };
}

/** The editable fields of a user as a PUT body (overridable). */
export function updateBodyOf(user: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const { role, language, merchantIds, groupIds, allowLicensing, receiveNotifications } = user;
  return { role, language, merchantIds, groupIds, allowLicensing, receiveNotifications, ...overrides };
}

export async function createUser(token: string, overrides: Record<string, unknown> = {}) {
  const res = await api('/users', { method: 'POST', token, body: userBody(overrides) });
  if (res.status !== 201) throw new Error(`POST /users answered ${res.status}: ${res.text}`);
  return res.body as Record<string, any> & { id: string; email: string };
}

export const NEW_PASSWORD = 'Chosen-passw0rd!';

/** Reads the invitation from the local outbox and signs in for the first time, choosing a password. */
export async function acceptInvitation(email: string, newPassword = NEW_PASSWORD) {
  const temporary = await latestTemporaryPassword(stack.cognito.endpoint, email);
  return completeInvitation(stack.cognito, email, temporary, newPassword);
}

export const invitationsTo = async (email: string) => (await readOutbox(stack.cognito.endpoint, email)).filter((m) => m.source === 'AdminCreateUser');

export const claimsOf = (idToken: string) => decodeJwt(idToken) as Record<string, unknown>;
