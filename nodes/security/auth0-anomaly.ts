import { actionNodeModule } from '../engine/action-node';
import { anomalyGroup } from './anomaly.catalogue';
export = actionNodeModule(anomalyGroup);
