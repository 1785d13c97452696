import { Box } from '@chakra-ui/react/box';
import { Button, type ButtonProps } from '@chakra-ui/react/button';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';

interface DropdownProps {
  label: ReactNode;
  /** Accessible name when the label is not plain text. */
  ariaLabel?: string;
  align?: 'start' | 'end';
  triggerProps?: ButtonProps;
  /** Renders the panel's items; `close` closes the panel (after a link is followed, say). */
  children: (close: () => void) => ReactNode;
  testId?: string;
}

/**
 * A navigation dropdown built as a disclosure: a button that shows a list of links. Site navigation is links, not
 * an application menu, so this is both the accessible pattern and far lighter than a menu widget.
 */
export function Dropdown({ label, ariaLabel, align = 'start', triggerProps, children, testId }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        trigger.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <Box
      ref={root}
      position="relative"
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      data-testid={testId}
    >
      <Button
        ref={trigger}
        variant="ghost"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
        {...triggerProps}
      >
        {label}
        <ChevronDownIcon size={16} style={{ transition: 'transform 0.15s', transform: open ? 'rotate(180deg)' : undefined }} />
      </Button>
      <Box
        id={panelId}
        hidden={!open}
        position="absolute"
        top="100%"
        {...(align === 'end' ? { right: 0 } : { left: 0 })}
        mt="1"
        minW="56"
        bg="white"
        borderWidth="1px"
        borderColor="gray.200"
        rounded="lg"
        shadow="lg"
        py="1"
        zIndex="dropdown"
      >
        {children(() => setOpen(false))}
      </Box>
    </Box>
  );
}

/** The look of one entry in a dropdown panel, for a link or a button. */
export const dropdownItemStyle = {
  display: 'block',
  w: 'full',
  textAlign: 'start',
  px: '4',
  py: '2',
  fontSize: 'sm',
  color: 'gray.800',
  _hover: { bg: 'brand.50', color: 'brand.800' },
  _focusVisible: { bg: 'brand.50', outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '-2px' },
} as const;
