import { actionNodeModule } from '../shared/action-node';
import { anomalyGroup } from './anomaly.catalogue';
export = actionNodeModule(anomalyGroup);
