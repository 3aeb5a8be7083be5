import { actionNodeModule } from '../engine/action-node';
import { passwordlessGroup } from './passwordless.catalogue';

export = actionNodeModule(passwordlessGroup);
