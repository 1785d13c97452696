/**
 * Ports of the end-to-end stack, apart from `npm start`'s defaults (8080, 9099) so both can run at once.
 * E2E_PORT and E2E_EMULATOR_PORT move them, so that two checkouts of the project can run their suites side by side.
 */
function portFrom(value, fallback) {
  const port = Number(value);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : fallback;
}

export const E2E_PORT = portFrom(process.env.E2E_PORT, 8181);
export const E2E_EMULATOR_PORT = portFrom(process.env.E2E_EMULATOR_PORT, 9199);
