import { actionNodeModule } from '../engine/action-node';
import { refreshTokensGroup } from './refresh-tokens.catalogue';
export = actionNodeModule(refreshTokensGroup);
