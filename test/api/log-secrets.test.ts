/**
 * Logs never carry a token, a password, a PIN or an API token. This file starts a stack of its own with
 * LOG_LEVEL=debug (the shared one runs silent) and keeps every line its process writes — the functions'
 * logs, as `npm start` would print them but in the JSON format of AWS — while a user signs in, edits their
 * profile, changes a password, an invited user chooses one, a merchant's PIN and API token are set and
 * regenerated, a machine joins with the PIN and reports, and requests with bad PINs and forged tokens are
 * refused. Then it looks for each of those values in the lines.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { ChangePasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeInvitation, latestTemporaryPassword, localCognitoClientConfig, signInWithPassword } from '../../infra/local/emulators/cognito';
import { telemetryMessage } from '../../infra/local/simulator';
import type { StackInfo } from '../../infra/local/stack-info';
import { startStackProcess } from '../../infra/local/stack-process';
import { signedToken } from './support/forged-tokens';
import { merchantBody, settingsBody } from './support/samples';

const lines: string[] = [];
let info: StackInfo;
let stop: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  ({ info, stop } = await startStackProcess({
    env: { LOG_LEVEL: 'debug', LOG_FORMAT: 'json', MACHINE_PURGE_SWEEP_INTERVAL_MS: String(24 * 3_600_000) },
    output: (line) => lines.push(line),
  }));
}, 120_000);
afterAll(() => stop());

async function call(path: string, o: { method?: string; token?: string; body?: unknown; correlationId?: string } = {}) {
  const headers: Record<string, string> = {};
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.correlationId) headers['x-correlation-id'] = o.correlationId;
  const res = await fetch(`${info.api}${path}`, { method: o.method ?? 'GET', headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, any>) : {} };
}

const entries = () => lines.flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as Record<string, any>] : []));

async function until(found: () => boolean, what: string) {
  for (let i = 0; i < 100 && !found(); i++) await new Promise((r) => setTimeout(r, 100));
  if (!found()) throw new Error(`no log line: ${what}`);
}

describe('logs of an API run at debug level', () => {
  const secrets = new Map<string, string>();
  const correlationId = `log-test-${randomUUID()}`;

  it('carry each request with its correlation id, Lambda request id and cold start', async () => {
    const admin = info.users.find((u) => u.role === 'NEBULARSUPERADMIN')!;
    secrets.set('demo password', admin.password);
    const tokens = await signInWithPassword(info.cognito, admin.email, admin.password);
    secrets.set('ID token', tokens.idToken).set('access token', tokens.accessToken).set('refresh token', tokens.refreshToken);
    const token = tokens.idToken;

    expect((await call('/users/me', { token, correlationId })).status).toBe(200);
    expect((await call('/users/me', { method: 'PUT', token, body: { language: 'de' } })).status).toBe(200);

    // An invited user chooses a password, then changes it (Cognito, as the console's password page does).
    const email = `log-${randomUUID().slice(0, 8)}@example.test`;
    const created = await call('/users', {
      method: 'POST',
      token,
      body: { email, role: 'NEBULARMERCHANTUSER', language: 'en', merchantIds: ['acme-vending'] },
    });
    expect(created.status).toBe(201);
    const temporary = await latestTemporaryPassword(info.cognito.endpoint, email);
    const chosen = `Chosen-${randomUUID().slice(0, 12)}!1`;
    const changed = `Changed-${randomUUID().slice(0, 12)}!1`;
    secrets.set('temporary password', temporary).set('chosen password', chosen).set('changed password', changed);
    const invited = await completeInvitation(info.cognito, email, temporary, chosen);
    const cognito = new CognitoIdentityProviderClient(localCognitoClientConfig(info.cognito.endpoint));
    await cognito.send(new ChangePasswordCommand({ AccessToken: invited.accessToken, PreviousPassword: chosen, ProposedPassword: changed }));
    cognito.destroy();
    const again = await signInWithPassword(info.cognito, email, changed);
    secrets.set('invited ID token', again.idToken);
    expect((await call('/users/me', { token: again.idToken })).status).toBe(200);

    // A merchant's PIN and API token; a machine joins with the PIN and reports.
    const merchant = await call('/merchants', { method: 'POST', token, body: merchantBody() });
    expect(merchant.status).toBe(201);
    const pin = String(randomInt(40_000_000, 99_999_999));
    secrets.set('PIN', pin);
    const saved = await call(`/merchants/${merchant.body.id}/settings`, { method: 'PUT', token, body: { ...settingsBody(), deviceAssociationPin: pin } });
    expect(saved.status).toBe(200);
    const issued = await call(`/merchants/${merchant.body.id}/settings/api-token`, { method: 'POST', token });
    secrets.set('API token', issued.body.apiToken);
    const regenerated = await call(`/merchants/${merchant.body.id}/settings/api-token`, { method: 'POST', token });
    secrets.set('regenerated API token', regenerated.body.apiToken);
    const serial = `CENG-${randomInt(10_000_000, 99_999_999)}`;
    expect((await call('/pos/join', { method: 'POST', token, body: { serial, pin, name: `Logs ${serial}` } })).status).toBe(201);
    await fetch(`${info.iotData}/topics/${encodeURIComponent(`vend/${serial}/telemetry`)}?qos=1`, {
      method: 'POST',
      body: JSON.stringify(telemetryMessage(serial)),
    });

    // Refused: a PIN that is not 8 digits, a wrong PIN, a forged token.
    const badPin = String(randomInt(1_000_000, 9_999_999));
    const wrongPin = String(randomInt(10_000_000, 39_999_999));
    const forged = await signedToken(token, { 'custom:roles': 'nebular=NEBULARSUPERADMIN', sub: randomUUID() });
    secrets.set('bad PIN', badPin).set('wrong PIN', wrongPin).set('forged token', forged);
    expect(
      (await call(`/merchants/${merchant.body.id}/settings`, { method: 'PUT', token, body: { ...settingsBody(), deviceAssociationPin: badPin } })).status,
    ).toBe(400);
    expect(
      (await call('/pos/join', { method: 'POST', token, body: { serial: `CENG-${randomInt(10_000_000, 99_999_999)}`, pin: wrongPin, name: 'Nope' } })).status,
    ).toBeGreaterThanOrEqual(400);
    expect((await call('/users/me', { token: forged })).status).toBeGreaterThanOrEqual(401);
    expect((await call('/users/me', { token: `${token.slice(0, -4)}AAAA` })).status).toBe(401);

    await until(() => entries().some((e) => e.message === 'batch ingested'), 'batch ingested');
    const me = entries().find((e) => e.message === 'request' && e.correlation_id === correlationId);
    expect(me).toMatchObject({
      level: 'INFO',
      routeId: 'users.getMe',
      method: 'GET',
      status: 200,
      function_name: 'vend-local-api-users',
      cold_start: expect.any(Boolean),
    });
    expect(me!.function_request_id).toEqual(expect.any(String));
    expect(me!.durationMs).toEqual(expect.any(Number));
    const refused = entries().find((e) => e.message === 'request' && e.routeId === 'merchants.saveSettings' && e.status === 400);
    expect(refused).toMatchObject({ code: 'ValidationException', correlation_id: expect.any(String) });
    expect(entries().find((e) => e.message === 'batch ingested')).toMatchObject({
      level: 'DEBUG',
      kind: 'telemetry',
      stored: 1,
      function_name: 'vend-local-iot-telemetry',
    });
  });

  it('never carry a token, a password, a PIN or an API token', async () => {
    expect(secrets.size).toBe(14);
    await stop();
    const output = lines.join('\n');
    expect(entries().length).toBeGreaterThan(10);
    for (const [what, value] of secrets) {
      expect(value.length, what).toBeGreaterThanOrEqual(7);
      expect(output.includes(value), `${what} in the logs`).toBe(false);
    }
  });
});
