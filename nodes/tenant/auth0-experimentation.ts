import { actionNodeModule } from '../engine/action-node';
import { experimentationGroup } from './experimentation.catalogue';
export = actionNodeModule(experimentationGroup);
