import { actionNodeModule } from '../shared/action-node';
import { grantsGroup } from './grants.catalogue';
export = actionNodeModule(grantsGroup);
