import { actionNodeModule } from '../engine/action-node';
import './flow-executors';
import { parGroup } from './par.catalogue';

export = actionNodeModule(parGroup);
