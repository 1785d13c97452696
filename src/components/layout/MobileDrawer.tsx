import { IconButton } from '@chakra-ui/react/button';
import { lazy, Suspense, useState } from 'react';
import { MenuIcon } from './icons';

const loadPanel = () => import('./MobileDrawerPanel');
const MobileDrawerPanel = lazy(loadPanel);

interface MobileDrawerProps {
  showPublicLinks: boolean;
  loggedIn: boolean;
  showOrders: boolean;
}

/** The navigation below 960 px (SPEC §2, §9); the drawer's code loads when it is first wanted. */
export function MobileDrawer(props: MobileDrawerProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <IconButton
        variant="ghost"
        aria-label="Open menu"
        aria-expanded={open}
        aria-haspopup="dialog"
        data-testid="drawer-toggle"
        onPointerEnter={() => void loadPanel()}
        onTouchStart={() => void loadPanel()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </IconButton>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileDrawerPanel open={open} onOpenChange={setOpen} {...props} />
        </Suspense>
      ) : null}
    </>
  );
}
