import { actionNodeModule } from '../engine/action-node';
import './api-executor';
import { apiGroup } from './api.group';

export = actionNodeModule(apiGroup);
