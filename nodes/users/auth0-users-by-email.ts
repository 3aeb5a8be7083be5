import { actionNodeModule } from '../shared/action-node';
import { usersByEmailGroup } from './users-by-email.catalogue';
export = actionNodeModule(usersByEmailGroup);
