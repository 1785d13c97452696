/** The end-to-end stack's ports (`scripts/e2e-ports.mjs`, which `npm test` reads too). */
export { E2E_EMULATOR_PORT, E2E_PORT } from '../../scripts/e2e-ports.mjs';
