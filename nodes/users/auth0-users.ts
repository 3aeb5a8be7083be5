import { actionNodeModule } from '../engine/action-node';
import { usersGroup } from './users.catalogue';

export = actionNodeModule(usersGroup);
