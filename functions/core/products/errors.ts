import { ConflictError, DomainError, NotFoundError, ValidationError } from '../shared/domain-error';

export class ProductNotFoundException extends NotFoundError {
  constructor() {
    super('ProductNotFoundException', 'Product not found');
  }
}

/** Spec §8: duplicates (product). */
export class ProductNameAlreadyExistsException extends ConflictError {
  constructor() {
    super('ProductNameAlreadyExistsException', 'duplicate product: a product with this name already exists');
  }
}

export class ProductCodeAlreadyExistsException extends ConflictError {
  constructor() {
    super('ProductCodeAlreadyExistsException', 'duplicate product: a product with this code already exists');
  }
}

/** Names the planograms that still have a line of the product (details: one entry per planogram). */
export class ProductInUseException extends DomainError {
  constructor(planograms: ReadonlyArray<{ id: string; name: string }>) {
    const names = planograms.map((p) => p.name || p.id);
    super(
      'ProductInUseException',
      'conflict',
      names.length ? `The product is used by planograms: ${names.join(', ')}` : 'The product is used by a planogram',
      planograms.map((p, i) => ({ path: `planograms.${p.id}`, message: names[i]! })),
    );
  }
}

/** A product import with bad rows: every problem found, `rows.{n}.{field}` with rows numbered from 1 (first data row). */
export class ProductImportInvalidException extends ValidationError {
  constructor(details: Array<{ path: string; message: string }>) {
    super('ProductImportInvalidException', `The import has ${details.length} problem(s); nothing was imported`, details);
  }
}
