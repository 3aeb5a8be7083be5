import { actionNodeModule } from '../engine/action-node';
import { databaseGroup } from './database.catalogue';

export = actionNodeModule(databaseGroup);
