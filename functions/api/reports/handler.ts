import { createGroupHandler } from '../../http/group-handler';
import { deps } from './deps';
import { routes } from './routes';

export const handler = createGroupHandler(routes, deps);
