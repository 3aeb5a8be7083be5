import { actionNodeModule } from '../engine/action-node';
import { keysGroup } from './keys.catalogue';
export = actionNodeModule(keysGroup);
