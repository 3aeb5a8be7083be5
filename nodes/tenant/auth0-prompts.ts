import { actionNodeModule } from '../shared/action-node';
import { promptsGroup } from './prompts.catalogue';
export = actionNodeModule(promptsGroup);
