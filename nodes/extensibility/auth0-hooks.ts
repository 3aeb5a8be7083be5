import { actionNodeModule } from '../engine/action-node';
import { hooksGroup } from './hooks.catalogue';
export = actionNodeModule(hooksGroup);
