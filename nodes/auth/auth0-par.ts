import { actionNodeModule } from '../shared/action-node';
import './flow-executors';
import { parGroup } from './par.catalogue';

export = actionNodeModule(parGroup);
