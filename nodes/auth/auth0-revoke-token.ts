import { actionNodeModule } from '../engine/action-node';
import { revokeTokenGroup } from './revoke-token.catalogue';

export = actionNodeModule(revokeTokenGroup);
