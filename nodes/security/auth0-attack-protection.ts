import { actionNodeModule } from '../engine/action-node';
import { attackProtectionGroup } from './attack-protection.catalogue';
export = actionNodeModule(attackProtectionGroup);
