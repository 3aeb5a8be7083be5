import { actionNodeModule } from '../engine/action-node';
import './flow-executors';
import { passkeysGroup } from './passkeys.catalogue';

export = actionNodeModule(passkeysGroup);
