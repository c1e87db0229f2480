import type { MenuProps } from '@mui/material/Menu';
import type { PopoverProps } from '@mui/material/Popover';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../lib/when-idle.ts';

/**
 * An overlay whose module (MUI's popover with its modal, focus trap and transitions: some 10 KB
 * compressed) is not part of a screen's first load: it downloads when the browser is idle after the first
 * paint, so it is there by the first click, and renders from its first opening on (then it stays mounted,
 * so it can animate out).
 */
const lazyOverlay = <Props extends { open: boolean }>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) => {
  const Overlay = lazy(load);
  return (props: Props) => {
    const [hasOpened, setHasOpened] = useState(props.open);
    if (props.open && !hasOpened) setHasOpened(true);
    useEffect(() => whenIdle(() => void load().catch(() => undefined)), []);
    if (!hasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Overlay {...props} />
      </Suspense>
    );
  };
};

/** MUI's Menu, loaded apart from the screen (see lazyOverlay). */
export const LazyMenu = lazyOverlay<MenuProps>(() => import('@mui/material/Menu'));

/** MUI's Popover, loaded apart from the screen (see lazyOverlay). */
export const LazyPopover = lazyOverlay<PopoverProps>(() => import('@mui/material/Popover'));
