import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { MerchantInput } from '#schemas/merchant';
import { MerchantSettingsInput } from '#schemas/merchant-settings';
import { ApiError } from '../../frontend/src/lib/api';
import { fieldErrorsFromApi, fieldErrorsFromIssues } from '../../frontend/src/lib/form-errors';

const settings = {
  deviceAssociationPin: '1234567',
  maximumRefund: 500,
  peripheralEventsFrequencyMinutes: 60,
  scheduledAuditFrequencyHours: 24,
  minimumSignalLevel: 101,
  auditControlHours: 48,
  unlockCloudCreditHours: Number.NaN,
  pricesSync: 'IMMEDIATE',
};

describe('form errors', () => {
  it('turn schema issues into spec messages, field-specific ones first', () => {
    const result = MerchantSettingsInput.safeParse(settings);
    if (result.success) throw new Error('expected a failure');
    expect(fieldErrorsFromIssues(result.error.issues, settings, { deviceAssociationPin: 'errors.validation.pin' })).toEqual({
      deviceAssociationPin: { messageId: 'errors.validation.pin' },
      minimumSignalLevel: { messageId: 'errors.validation.max', values: { max: 100 } },
      unlockCloudCreditHours: { messageId: 'validation.required' },
    });
  });

  it('report empty (or blank) required fields, a bad email and a short text', () => {
    const draft = { name: ' ', country: '', language: 'it', timezone: 'Europe/Rome', currency: 'EUR', contactEmail: 'nope' };
    const result = MerchantInput.safeParse(draft);
    if (result.success) throw new Error('expected a failure');
    const errors = fieldErrorsFromIssues(result.error.issues, draft);
    expect(errors.country).toEqual({ messageId: 'validation.required' });
    expect(errors.contactEmail).toEqual({ messageId: 'validation.email' });
    const tooShort = z.object({ name: z.string().check(z.minLength(5)) }).safeParse({ name: 'Acme' });
    if (tooShort.success) throw new Error('expected a failure');
    expect(fieldErrorsFromIssues(tooShort.error.issues, { name: 'Acme' }).name).toEqual({ messageId: 'errors.validation.minLength', values: { min: 5 } });
    expect(errors.name).toEqual({ messageId: 'validation.required' });
  });

  it("show the API's 400 details on their body fields", () => {
    const error = new ApiError(400, 'ValidationException', 'The request is not valid', [
      { path: 'body.deviceAssociationPin', message: 'PIN must have 8 digits' },
      { path: 'body.webSocketUrl', message: 'invalid URL' },
      { path: 'query.page', message: 'too small' },
    ]);
    expect(fieldErrorsFromApi(error, { deviceAssociationPin: 'errors.validation.pin' })).toEqual({
      deviceAssociationPin: { messageId: 'errors.validation.pin' },
      webSocketUrl: { messageId: 'errors.validation.invalid' },
    });
  });
});
