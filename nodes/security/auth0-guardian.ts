import { actionNodeModule } from '../shared/action-node';
import { guardianGroup } from './guardian.catalogue';
export = actionNodeModule(guardianGroup);
