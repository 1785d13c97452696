import { useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import { selectLoading, selectLogin, selectRole, selectUser } from '../../machines/auth';
import { selectTotalCart } from '../../machines/cart';
import type { AppActors } from './actors';

const ActorsContext = createContext<AppActors | null>(null);

export function ActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <ActorsContext.Provider value={actors}>{children}</ActorsContext.Provider>;
}

export function useActors(): AppActors {
  const actors = useContext(ActorsContext);
  if (!actors) throw new Error('useActors must be used inside ActorsProvider');
  return actors;
}

/** The SPEC §3 auth fields the shell needs, as selectors over the auth machine. */
export function useAuthState() {
  const { auth } = useActors();
  const login = useSelector(auth, selectLogin);
  const loading = useSelector(auth, selectLoading);
  const user = useSelector(auth, selectUser);
  const role = useSelector(auth, selectRole);
  return { login, loading, user, role };
}

export function useTotalCart(): number {
  const { cart } = useActors();
  return useSelector(cart, selectTotalCart);
}
