import { actionNodeModule } from '../shared/action-node';
import { actionsGroup } from './actions.catalogue';
import './executors';
export = actionNodeModule(actionsGroup);
