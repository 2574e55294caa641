import { ConflictError, DomainError, NotFoundError } from '../shared/domain-error';

export class PlanogramNotFoundException extends NotFoundError {
  constructor() {
    super('PlanogramNotFoundException', 'Planogram not found');
  }
}

export class DuplicatePlanogramNameException extends ConflictError {
  constructor() {
    super('DuplicatePlanogramNameException', 'The distributor already has a planogram with this name');
  }
}

/** A line names a product that is not in the merchant's catalogue (unknown, or another merchant's): 404 naming the lines. */
export class PlanogramProductNotFoundException extends DomainError {
  constructor(lines: number[]) {
    super('ProductNotFoundException', 'not-found', 'A line names a product that is not in the distributor’s catalogue',
      lines.map((i) => ({ path: `body.lines.${i}.productId`, message: 'unknown product' })));
  }
}

/** Machines were associated while it was being deleted: the delete is refused, nothing is lost. */
export class PlanogramInUseException extends ConflictError {
  constructor() {
    super('PlanogramInUseException', 'Machines were associated with this planogram meanwhile: try again');
  }
}

export class TooManyPlanogramMachinesException extends ConflictError {
  constructor(max: number) {
    super('TooManyPlanogramMachinesException', `More than ${max} machines use this planogram: associate some elsewhere first`);
  }
}
