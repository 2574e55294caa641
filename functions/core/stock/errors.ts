import { MAX_PICK_LIST_MACHINES } from '#schemas/stock-constants';
import { ConflictError, DomainError, ValidationError } from '../shared/domain-error';

/** The machine has no planogram or its stock management is off: it has no stock to read or change (`details`: which of several). */
export class StockNotManagedException extends DomainError {
  constructor(details?: Array<{ path: string; message: string }>) {
    super('StockNotManagedException', 'not-found', 'This machine does not manage stock: give it a planogram and turn stock management on', details);
  }
}

/** Lines of the body that are not in the machine's planogram: 404 naming them. */
export class StockLineNotFoundException extends DomainError {
  constructor(lines: number[]) {
    super(
      'StockLineNotFoundException',
      'not-found',
      'A line is not in the machine’s planogram',
      lines.map((i) => ({ path: `body.lines.${i}.selection`, message: 'not a line of the planogram' })),
    );
  }
}

/** Values above their line's capacity: 400 naming them. */
export class StockValueAboveCapacityException extends ValidationError {
  constructor(lines: Array<{ index: number; capacity: number }>) {
    super(
      'StockValueAboveCapacityException',
      'A value is above its line’s capacity',
      lines.map((l) => ({ path: `body.lines.${l.index}.value`, message: `value must be at most ${l.capacity}` })),
    );
  }
}

/** The stock kept changing under this write (sales arriving, another edit): try again. */
export class StockChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('StockChangedConcurrentlyException', 'The stock changed meanwhile: try again');
  }
}

/** A group or client with more machines than one pick list covers. */
export class TooManyPickListMachinesException extends ValidationError {
  constructor() {
    super('TooManyPickListMachinesException', `A pick list covers at most ${MAX_PICK_LIST_MACHINES} machines: choose a smaller group or fewer machines`, [
      { path: 'query.groupId', message: `at most ${MAX_PICK_LIST_MACHINES} machines` },
    ]);
  }
}
