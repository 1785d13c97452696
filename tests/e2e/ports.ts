/** Ports of the end-to-end stack, apart from `npm start`'s defaults (8080, 9099) so both can run at once. */
export const E2E_PORT = 8181;
export const E2E_EMULATOR_PORT = 9199;
