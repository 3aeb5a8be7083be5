import './executors';
import { actionNodeModule } from '../engine/action-node';
import type { NodeModule, NodeRedAPI } from '../shared/node-red-types';
import { configureImportPace } from './import-executor';
import { jobsGroup } from './jobs.catalogue';

const actionModule = actionNodeModule(jobsGroup);

/** The generic action node for the jobs group, after reading the import pace from Node-RED's settings. */
const register = (RED: NodeRedAPI): void => {
  configureImportPace(RED.settings?.auth0JobsImportPollInterval);
  actionModule(RED);
};

export = Object.assign(register, { group: jobsGroup }) as NodeModule;
