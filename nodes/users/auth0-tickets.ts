import { actionNodeModule } from '../engine/action-node';
import { ticketsGroup } from './tickets.catalogue';
export = actionNodeModule(ticketsGroup);
