import { useSyncExternalStore } from 'react';

/**
 * The Gut Start launch offer's end, from the build's LAUNCH_OFFER_ENDS (scripts/vite/shop-settings.ts): the last day
 * as the pages write it ("31 March 2027") and the moment it is over (the midnight after that day, in India). No end
 * date, no dates.
 */
export const launchOffer: { lastDay: string | null; endsAt: number | null } = __LAUNCH_OFFER__;

/**
 * The offer at `now`: running until its end date, over after it, or undated when the build set no end date (the
 * launch price still shows, but nothing says it is for a limited time).
 */
export type LaunchOfferState = 'running' | 'over' | 'undated';

export function launchOfferAt(now: number): LaunchOfferState {
  if (launchOffer.endsAt === null) return 'undated';
  return now < launchOffer.endsAt ? 'running' : 'over';
}

const unchanging = () => () => undefined;

/**
 * The offer now. A prerendered page says what held when it was built, and corrects it once the script has taken the
 * page over.
 */
export function useLaunchOffer(): LaunchOfferState {
  return useSyncExternalStore(unchanging, () => launchOfferAt(Date.now()), () => __LAUNCH_OFFER__.atBuild);
}
