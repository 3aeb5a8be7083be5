import { actionNodeModule } from '../engine/action-node';
import { agentsGroup } from './agents.catalogue';
export = actionNodeModule(agentsGroup);
