import { actionNodeModule } from '../engine/action-node';
import { connectionsGroup } from './connections.catalogue';
export = actionNodeModule(connectionsGroup);
