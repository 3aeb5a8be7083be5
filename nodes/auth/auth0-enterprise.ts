import { actionNodeModule } from '../engine/action-node';
import './flow-executors';
import { enterpriseGroup } from './enterprise.catalogue';

export = actionNodeModule(enterpriseGroup);
