import { actionNodeModule } from '../engine/action-node';
import { guardianGroup } from './guardian.catalogue';
export = actionNodeModule(guardianGroup);
