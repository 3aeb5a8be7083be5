import { actionNodeModule } from '../shared/action-node';
import { deviceCredentialsGroup } from './device-credentials.catalogue';
export = actionNodeModule(deviceCredentialsGroup);
