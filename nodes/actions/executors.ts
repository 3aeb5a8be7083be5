/** The actions family's executors, registered when auth0-actions loads. */
import { registerExecutor } from '../engine/executors';
import { deployAndBind } from './deploy-and-bind';

registerExecutor('actions.deploy_and_bind', deployAndBind);
