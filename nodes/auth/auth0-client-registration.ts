import { actionNodeModule } from '../shared/action-node';
import './flow-executors';
import { clientRegistrationGroup } from './client-registration.catalogue';

export = actionNodeModule(clientRegistrationGroup);
