import { actionNodeModule } from '../shared/action-node';
import { databaseGroup } from './database.catalogue';

export = actionNodeModule(databaseGroup);
