import { actionNodeModule } from '../shared/action-node';
import './flow-executors';
import { passkeysGroup } from './passkeys.catalogue';

export = actionNodeModule(passkeysGroup);
