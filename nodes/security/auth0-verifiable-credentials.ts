import { actionNodeModule } from '../engine/action-node';
import { verifiableCredentialsGroup } from './verifiable-credentials.catalogue';
export = actionNodeModule(verifiableCredentialsGroup);
