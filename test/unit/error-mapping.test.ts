import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { DuplicateMerchantNameException, MerchantNotFoundException } from '../../functions/core/merchants/errors';
import { DomainError } from '../../functions/core/shared/domain-error';
import { toErrorResponse, zodDetails } from '../../functions/http/error-mapping';

describe('error mapping', () => {
  it('maps domain errors by kind with their spec codes', () => {
    expect(toErrorResponse(new MerchantNotFoundException(), 'c1')).toEqual({
      status: 404,
      body: { code: 'MerchantNotFoundException', message: 'Merchant not found', correlationId: 'c1' },
    });
    expect(toErrorResponse(new DuplicateMerchantNameException(), 'c2').status).toBe(409);
    expect(toErrorResponse(new DomainError('UnauthorizedUserException', 'forbidden', 'no'), 'c3').status).toBe(403);
    expect(toErrorResponse(new DomainError('X', 'unauthorized', 'no'), 'c4').status).toBe(401);
    expect(toErrorResponse(new DomainError('X', 'too-large', 'no'), 'c5').status).toBe(413);
  });

  it('never shows internals of unexpected errors', () => {
    process.env.LOG_LEVEL = 'silent';
    const res = toErrorResponse(new Error('connect ECONNREFUSED 10.0.0.1:8000 secret=abc'), 'c6');
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('ECONNREFUSED');
    expect(res.body).toEqual({ code: 'InternalError', message: expect.any(String), correlationId: 'c6' });
  });

  it('turns zod issues into field paths, naming unknown fields', () => {
    const schema = z.strictObject({ name: z.string(), nested: z.object({ n: z.number() }) });
    const result = z.safeParse(schema, { name: 1, nested: { n: 'x' }, role: 'ADMIN' });
    expect(result.success).toBe(false);
    const details = zodDetails(result.error!, 'body');
    expect(details.map((d) => d.path).sort()).toEqual(['body', 'body.name', 'body.nested.n']);
    expect(details.find((d) => d.path === 'body')?.message).toContain('role');
  });
});
