import { actionNodeModule } from '../shared/action-node';
import { refreshTokensGroup } from './refresh-tokens.catalogue';
export = actionNodeModule(refreshTokensGroup);
