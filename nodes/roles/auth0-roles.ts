import { actionNodeModule } from '../engine/action-node';
import { rolesGroup } from './roles.catalogue';
export = actionNodeModule(rolesGroup);
