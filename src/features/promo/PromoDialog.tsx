import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { useAuthState } from '@/lib/actors-context';
import { launchOffer, launchOfferAt } from '@/lib/launch-offer';
import { useShopActorRef } from '@/lib/use-shop-machine';
import { useQueriesHandle } from '@/lib/queries-context';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import { promoKeepsQuietOn, promoMachine, selectPromoOpen, type PromoProduct } from '../../../machines/promo';
import { isStaff } from '../../../machines/roles';
import { productsQueryOptions } from '@/lib/catalogue';
import { watchOverlays, watchTyping } from './overlays';

const PromoDialogView = lazy(() => import('./PromoDialogView'));

/** Set for the browser session once the offer is closed; a new session (a new tab or window) offers it again. */
const CLOSED_KEY = 'promoClosed';

function closedThisSession(): boolean {
  try {
    return sessionStorage.getItem(CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberClosed(): void {
  try {
    sessionStorage.setItem(CLOSED_KEY, '1');
  } catch {
    // Without storage it offers itself again on the next load, as before.
  }
}

/** The longest wait a browser timer takes (about 24.8 days); an offer ending later is not watched from this page. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The Gut Start launch dialog, 3 s after load when the catalogue holds the offer product (SPEC §2), for visitors of
 * the shop: it waits while the person has the drawer, a menu or another dialog open, types in a field, or is on a page
 * it keeps quiet on; once closed it stays closed for the browser session; staff never get it. It opens only while the
 * offer has an end date still to come, and ends when that date passes with the page open.
 */
export function PromoDialog() {
  const queries = useQueriesHandle();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { role } = useAuthState();
  const [skip] = useState(() => closedThisSession() || isStaff(storage.get(STORAGE_KEYS.userRole)));
  const [offerRuns] = useState(() => launchOfferAt(Date.now()) === 'running');
  const promo = useShopActorRef(
    promoMachine.provide({
      actors: { fetchProducts: fromPromise<PromoProduct[]>(async () => (await queries.ready).fetchQuery(productsQueryOptions)) },
      actions: { goToOffer: () => void navigate({ to: '/products/gut360-start' }), rememberClosed },
    }),
    { input: { skip, offerRuns } },
  );
  const open = useSelector(promo, selectPromoOpen);
  // Watched only until the offer is shown or known to be absent: nothing is left to wait for after that.
  const waits = useSelector(promo, (snapshot) => snapshot.matches('scheduling') || snapshot.matches('waiting'));
  const quietPage = promoKeepsQuietOn(pathname);

  useEffect(() => {
    // An offer already closed or skipped has nothing to end.
    if (isStaff(role) && promo.getSnapshot().status === 'active') promo.send({ type: 'promo.staffSignedIn' });
  }, [promo, role]);

  useEffect(() => {
    if (launchOffer.endsAt === null || !offerRuns) return;
    const left = launchOffer.endsAt - Date.now();
    if (left > LONGEST_TIMER_MS) return;
    const timer = setTimeout(() => promo.send({ type: 'promo.offerEnded' }), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [promo, offerRuns]);

  useEffect(() => {
    if (!waits) return;
    let overlay = false;
    let typing = false;
    const report = () => promo.send({ type: overlay || typing || quietPage ? 'promo.held' : 'promo.released' });
    const stopOverlays = watchOverlays((open) => {
      overlay = open;
      report();
    });
    const stopTyping = watchTyping((focused) => {
      typing = focused;
      report();
    });
    return () => {
      stopOverlays();
      stopTyping();
    };
  }, [promo, waits, quietPage]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PromoDialogView
        onClose={() => promo.send({ type: 'promo.close' })}
        onBuyNow={() => promo.send({ type: 'promo.buyNow' })}
      />
    </Suspense>
  );
}
