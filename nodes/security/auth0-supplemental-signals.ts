import { actionNodeModule } from '../engine/action-node';
import { supplementalSignalsGroup } from './supplemental-signals.catalogue';
export = actionNodeModule(supplementalSignalsGroup);
