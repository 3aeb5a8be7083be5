import { actionNodeModule } from '../engine/action-node';
import { logsGroup } from './logs.catalogue';
export = actionNodeModule(logsGroup);
