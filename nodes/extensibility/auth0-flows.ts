import { actionNodeModule } from '../engine/action-node';
import { flowsGroup } from './flows.catalogue';
export = actionNodeModule(flowsGroup);
