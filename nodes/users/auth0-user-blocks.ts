import { actionNodeModule } from '../shared/action-node';
import { userBlocksGroup } from './user-blocks.catalogue';
export = actionNodeModule(userBlocksGroup);
