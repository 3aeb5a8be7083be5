import { actionNodeModule } from '../shared/action-node';
import { groupsGroup } from './groups.catalogue';
export = actionNodeModule(groupsGroup);
