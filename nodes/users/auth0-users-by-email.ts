import { actionNodeModule } from '../engine/action-node';
import { usersByEmailGroup } from './users-by-email.catalogue';
export = actionNodeModule(usersByEmailGroup);
