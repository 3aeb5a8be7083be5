import { actionNodeModule } from '../shared/action-node';
import { formsGroup } from './forms.catalogue';
export = actionNodeModule(formsGroup);
