import { actionNodeModule } from '../engine/action-node';
import './flow-executors';
import { clientRegistrationGroup } from './client-registration.catalogue';

export = actionNodeModule(clientRegistrationGroup);
