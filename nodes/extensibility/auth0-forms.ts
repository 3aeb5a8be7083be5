import { actionNodeModule } from '../engine/action-node';
import { formsGroup } from './forms.catalogue';
export = actionNodeModule(formsGroup);
