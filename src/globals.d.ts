/** The year the build was made (vite.config.ts): the year prerendered pages carry in their footer. */
declare const __BUILD_YEAR__: number;
/** The Gut Start launch offer's last day, as the build was told it (LAUNCH_OFFER_ENDS, scripts/vite/shop-settings.ts). */
declare const __LAUNCH_OFFER__: import('../scripts/vite/shop-settings').LaunchOffer;
/** The consumer grievance officer the build was told of (CONSUMER_GRIEVANCE_OFFICER_*, scripts/vite/shop-settings.ts). */
declare const __CONSUMER_GRIEVANCE_OFFICER__: { name: string; designation: string; email: string; phone: string; address: string };
