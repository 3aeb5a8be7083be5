import { actionNodeModule } from '../engine/action-node';
import { deviceCredentialsGroup } from './device-credentials.catalogue';
export = actionNodeModule(deviceCredentialsGroup);
