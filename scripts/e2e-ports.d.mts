export declare const E2E_PORT: number;
export declare const E2E_EMULATOR_PORT: number;
