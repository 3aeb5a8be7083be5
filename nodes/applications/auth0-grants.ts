import { actionNodeModule } from '../engine/action-node';
import { grantsGroup } from './grants.catalogue';
export = actionNodeModule(grantsGroup);
