import { actionNodeModule } from '../shared/action-node';
import { revokeTokenGroup } from './revoke-token.catalogue';

export = actionNodeModule(revokeTokenGroup);
