import { actionNodeModule } from '../shared/action-node';
import { ticketsGroup } from './tickets.catalogue';
export = actionNodeModule(ticketsGroup);
