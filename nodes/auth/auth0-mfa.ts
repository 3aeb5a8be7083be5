import { actionNodeModule } from '../shared/action-node';
import './flow-executors';
import { mfaGroup } from './mfa.catalogue';

export = actionNodeModule(mfaGroup);
