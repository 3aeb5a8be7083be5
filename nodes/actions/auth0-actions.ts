import { actionNodeModule } from '../engine/action-node';
import { actionsGroup } from './actions.catalogue';
import './executors';
export = actionNodeModule(actionsGroup);
