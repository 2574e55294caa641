import { ConflictError, DomainError, NotFoundError, ValidationError } from '../shared/domain-error';

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
    super(
      'ProductNotFoundException',
      'not-found',
      'A line names a product that is not in the distributor’s catalogue',
      lines.map((i) => ({ path: `body.lines.${i}.productId`, message: 'unknown product' })),
    );
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

/** One save adds, removes or relabels more products than one transaction can hold: save in two steps. */
export class TooManyProductChangesException extends ValidationError {
  constructor(max: number) {
    super('TooManyProductChangesException', `At most ${max} products can be added, removed or relabelled in one save: save in two steps`, [
      { path: 'body.lines', message: `at most ${max} product changes in one save` },
    ]);
  }
}
