import { actionNodeModule } from '../shared/action-node';
import { flowsGroup } from './flows.catalogue';
export = actionNodeModule(flowsGroup);
