import { actionNodeModule } from '../shared/action-node';
import { logsGroup } from './logs.catalogue';
export = actionNodeModule(logsGroup);
