import { createGroupHandler } from '../../shared/http/group-handler';
import { routes } from './routes';

export const handler = createGroupHandler(routes);
