import { actionNodeModule } from '../shared/action-node';
import { rolesGroup } from './roles.catalogue';
export = actionNodeModule(rolesGroup);
