import { actionNodeModule } from '../shared/action-node';
import { hooksGroup } from './hooks.catalogue';
export = actionNodeModule(hooksGroup);
