/**
 * The fixed credentials of the emulator's applications under `npm start` (and `npm run replicas`):
 * the examples' config node reads the machine-to-machine one from the environment, and the
 * "Start here" tab's failed-login command names the web application's. Local emulator only.
 */
export const DEMO_CLIENT_ID = 'node-red-demo-m2m';
export const DEMO_CLIENT_SECRET = 'local-emulator-secret-not-for-production';
export const DEMO_WEB_CLIENT = { clientId: 'node-red-demo-web', clientSecret: 'local-emulator-web-secret-not-for-production' };
