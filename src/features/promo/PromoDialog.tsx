import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { fromPromise } from 'xstate';
import { useShopActorRef } from '@/lib/use-shop-machine';
import { useQueriesHandle } from '@/lib/queries-context';
import { promoMachine, selectPromoOpen, type PromoProduct } from '../../../machines/promo';
import { productsQueryOptions } from '@/lib/catalogue';
import { watchOverlays } from './overlays';

const PromoDialogView = lazy(() => import('./PromoDialogView'));

/**
 * The Gut Start launch dialog, 3 s after load when the catalogue holds the offer product (SPEC §2); it waits while
 * the person has the drawer, a menu or another dialog open.
 */
export function PromoDialog() {
  const queries = useQueriesHandle();
  const navigate = useNavigate();
  const promo = useShopActorRef(
    promoMachine.provide({
      actors: { fetchProducts: fromPromise<PromoProduct[]>(async () => (await queries.ready).fetchQuery(productsQueryOptions)) },
      actions: { goToOffer: () => void navigate({ to: '/products/gut360-start' }) },
    }),
  );
  const open = useSelector(promo, selectPromoOpen);
  // Watched only until the offer is shown or known to be absent: nothing is left to wait for after that.
  const waitsForOverlays = useSelector(promo, (snapshot) => snapshot.matches('scheduling') || snapshot.matches('waiting'));

  useEffect(() => {
    if (!waitsForOverlays) return;
    return watchOverlays((overlayOpen) => promo.send({ type: overlayOpen ? 'promo.overlayOpened' : 'promo.overlaysClosed' }));
  }, [promo, waitsForOverlays]);

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
