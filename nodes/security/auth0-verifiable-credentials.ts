import { actionNodeModule } from '../shared/action-node';
import { verifiableCredentialsGroup } from './verifiable-credentials.catalogue';
export = actionNodeModule(verifiableCredentialsGroup);
