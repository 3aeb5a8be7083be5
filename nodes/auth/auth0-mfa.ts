import { actionNodeModule } from '../engine/action-node';
import './flow-executors';
import { mfaGroup } from './mfa.catalogue';

export = actionNodeModule(mfaGroup);
