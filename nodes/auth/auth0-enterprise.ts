import { actionNodeModule } from '../shared/action-node';
import { enterpriseGroup } from './enterprise.catalogue';

export = actionNodeModule(enterpriseGroup);
