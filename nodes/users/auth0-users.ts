import { actionNodeModule } from '../shared/action-node';
import { usersGroup } from './users.catalogue';

export = actionNodeModule(usersGroup);
