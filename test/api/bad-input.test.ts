import { describe, expect, it } from 'vitest';
import { api } from './support/http';
import { merchantBody } from './support/samples';
import { tokenFor } from './support/stack';

describe('bad input is a 4xx with a clear message, never a 500', () => {
  it('malformed JSON → 400 MalformedJsonException', async () => {
    const res = await api('/merchants', {
      method: 'POST',
      token: await tokenFor('NEBULARSUPERADMIN'),
      raw: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'MalformedJsonException', message: 'The request body is not valid JSON' });
  });

  it('wrong content type → 400 UnsupportedContentTypeException', async () => {
    const res = await api('/users/me', {
      method: 'PUT',
      token: await tokenFor('NEBULARMERCHANTUSER'),
      raw: 'language=de',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('UnsupportedContentTypeException');
  });

  it('missing body → 400', async () => {
    const res = await api('/users/me', { method: 'PUT', token: await tokenFor('NEBULARMERCHANTUSER'), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.details[0].path).toBe('body');
  });

  it('a JSON array or scalar where an object is expected → 400', async () => {
    for (const raw of ['[]', '"text"', 'null', '42']) {
      const res = await api('/merchants', { method: 'POST', token: await tokenFor('NEBULARSUPERADMIN'), raw, headers: { 'content-type': 'application/json' } });
      expect(res.status, raw).toBe(400);
    }
  });

  it('oversized bodies → 413 PayloadTooLargeException', async () => {
    const token = await tokenFor('NEBULARSUPERADMIN');
    const big = await api('/merchants', { method: 'POST', token, body: merchantBody({ legalInfo: 'x'.repeat(300 * 1024) }) });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PayloadTooLargeException');
    const huge = await api('/merchants', { method: 'POST', token, body: merchantBody({ legalInfo: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(huge.status).toBe(413);
  });

  it('bad path and query values → 400 with the field path', async () => {
    const token = await tokenFor('NEBULARSUPERADMIN');
    for (const [path, field] of [
      ['/merchants?page=0&size=20', 'query.page'],
      ['/merchants?page=1&size=1000', 'query.size'],
      ['/merchants?page=abc', 'query.page'],
      ['/merchants?page=1&ordType=sideways', 'query.ordType'],
      ['/merchants?page=1&color=red', 'query'],
      ['/merchants/bad%20id!', 'params.id'],
    ] as const) {
      const res = await api(path, { token });
      expect(res.status, path).toBe(400);
      expect(res.body.details[0].path, path).toBe(field);
    }
  });

  it('a malformed flag or list in a query → 400 naming the field', async () => {
    const token = await tokenFor('NEBULARSUPERADMIN');
    for (const [path, field] of [
      ['/pos?merchantId=m-1&hidden=yes', 'query.hidden'],
      ['/pos?merchantId=m-1&hidden=', 'query.hidden'],
      ['/pos?merchantId=m-1&groupIds=g1,,g2', 'query.groupIds'],
      ['/medias?merchantId=m-1&hasCustomer=1', 'query.hasCustomer'],
      ['/customers?merchantId=m-1&hasMedias=TRUE', 'query.hasMedias'],
      ['/transactions?merchantId=m-1&serials=CENG-00000001,nope', 'query.serials'],
      ['/stock/pick-list?merchantId=m-1&serials=CENG-00000001,', 'query.serials'],
      ['/remote-commands/pending-counts?merchantId=m-1&serials=', 'query.serials'],
    ] as const) {
      const res = await api(path, { token });
      expect(res.status, path).toBe(400);
      expect(res.body.code, path).toBe('ValidationException');
      expect(res.body.details[0].path, path).toBe(field);
    }
  });

  it('unknown API paths → 404 JSON', async () => {
    const res = await api('/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('RouteNotFoundException');
  });
});
