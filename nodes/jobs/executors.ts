/** The jobs family's executors, registered when auth0-jobs loads. */
import { registerExecutor } from '../engine/executors';
import { exportUsers } from './export-executor';
import { importUsers } from './import-executor';

registerExecutor('jobs.import_users', importUsers);
registerExecutor('jobs.export_users', exportUsers);
