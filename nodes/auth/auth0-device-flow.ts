import { actionNodeModule } from '../engine/action-node';
import './flow-executors';
import { deviceFlowGroup } from './device-flow.catalogue';

export = actionNodeModule(deviceFlowGroup);
