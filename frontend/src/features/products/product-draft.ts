import type { CustomParameter, CustomParameterValue, Product, ProductType } from '#schemas/product';
import type { FieldErrors } from '../../lib/form-errors';

/** The product form's fields (spec §3). */
export interface ProductDraft {
  code: string;
  name: string;
  description: string;
  productType: ProductType;
  vat: number;
  customParameters: Record<string, CustomParameterValue>;
}

export const newProductDraft = (): ProductDraft => ({ code: '', name: '', description: '', productType: 'C', vat: Number.NaN, customParameters: {} });

export function draftOfProduct(p: Product): ProductDraft {
  const { code, name, description, productType, vat, customParameters } = p;
  return { code, name, description, productType, vat, customParameters };
}

/** The error key of one custom parameter's field. */
export const parameterField = (name: string) => `customParameters.${name}`;

/** Custom parameter values before sending: empty numbers left out, required ones present. */
export function checkCustomValues(defs: readonly CustomParameter[], values: Record<string, CustomParameterValue>): FieldErrors {
  const errors: FieldErrors = {};
  for (const def of defs) {
    const value = values[def.name];
    const empty = value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value));
    if (def.required && def.type !== 'boolean' && empty) errors[parameterField(def.name)] = { messageId: 'validation.required' };
  }
  return errors;
}

/** Only the merchant's current parameters, without empty values. */
export function customValuesToSend(defs: readonly CustomParameter[], values: Record<string, CustomParameterValue>): Record<string, CustomParameterValue> {
  const out: Record<string, CustomParameterValue> = {};
  for (const def of defs) {
    const value = values[def.name];
    if (value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value))) continue;
    out[def.name] = value;
  }
  return out;
}
