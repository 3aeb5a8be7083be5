import { actionNodeModule } from '../engine/action-node';
import { promptsGroup } from './prompts.catalogue';
export = actionNodeModule(promptsGroup);
