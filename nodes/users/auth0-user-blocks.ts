import { actionNodeModule } from '../engine/action-node';
import { userBlocksGroup } from './user-blocks.catalogue';
export = actionNodeModule(userBlocksGroup);
