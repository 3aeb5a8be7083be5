import { actionNodeModule } from '../engine/action-node';
import { groupsGroup } from './groups.catalogue';
export = actionNodeModule(groupsGroup);
