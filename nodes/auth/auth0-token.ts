import { actionNodeModule } from '../engine/action-node';
import { tokenGroup } from './token.catalogue';

export = actionNodeModule(tokenGroup);
