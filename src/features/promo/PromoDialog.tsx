import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { fromPromise } from 'xstate';
import { useQueriesHandle } from '@/lib/queries-context';
import { promoMachine, selectPromoOpen, type PromoProduct } from '../../../machines/promo';
import { productsQueryOptions } from '@/lib/catalogue';

const PromoDialogView = lazy(() => import('./PromoDialogView'));

/** The Gut Start launch dialog, 3 s after load when the catalogue holds the offer product (SPEC §2). */
export function PromoDialog() {
  const queries = useQueriesHandle();
  const navigate = useNavigate();
  const promo = useActorRef(
    promoMachine.provide({
      actors: { fetchProducts: fromPromise<PromoProduct[]>(async () => (await queries.ready).fetchQuery(productsQueryOptions)) },
      actions: { goToOffer: () => void navigate({ to: '/products/gut360-start' }) },
    }),
  );
  const open = useSelector(promo, selectPromoOpen);
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
