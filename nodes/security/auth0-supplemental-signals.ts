import { actionNodeModule } from '../shared/action-node';
import { supplementalSignalsGroup } from './supplemental-signals.catalogue';
export = actionNodeModule(supplementalSignalsGroup);
