/** The year the build was made (vite.config.ts): the year prerendered pages carry in their footer. */
declare const __BUILD_YEAR__: number;
