import { actionNodeModule } from '../shared/action-node';
import { agentsGroup } from './agents.catalogue';
export = actionNodeModule(agentsGroup);
