import { actionNodeModule } from '../shared/action-node';
import { experimentationGroup } from './experimentation.catalogue';
export = actionNodeModule(experimentationGroup);
