import Box from '@mui/material/Box';
import { Suspense, cloneElement, lazy, useEffect, useId, useState, type FocusEvent, type MouseEvent, type ReactElement } from 'react';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** MUI's Tooltip waits this long after the pointer arrives (its `enterDelay` default). */
const ENTER_DELAY_MS = 100;

interface ChildProps {
  title?: string;
  'aria-describedby'?: string;
  onMouseOver?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * What MUI's `<Tooltip title={title} describeChild>` does for a button, with the Tooltip's code
 * (and Popper's) fetched the first time the pointer or the keyboard focus reaches the button, so
 * that it stays out of the first load. The button itself never changes place in the tree (a
 * button remounted under the pointer or the focus would lose the click or the focus): the Tooltip
 * is anchored to an empty box laid over it, and opened from the button's own events as MUI's would
 * be — after 100 ms of hover, at once on keyboard focus (not on a click's focus), closed on leave,
 * blur and Escape. While closed the button carries the `title` attribute, while open
 * `aria-describedby` pointing at the tooltip, as with MUI's.
 */
export function LazyTooltip({ title, children }: { title: string; children: ReactElement<ChildProps> }) {
  const id = useId();
  const [wanted, setWanted] = useState(false);
  // 'hovered': the pointer is on the button, the tooltip opens after the delay unless it leaves.
  const [state, setState] = useState<'closed' | 'hovered' | 'open'>('closed');
  const open = state === 'open';
  useEffect(() => {
    if (state !== 'hovered') return;
    const timer = window.setTimeout(() => setState('open'), ENTER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state]);
  const hide = () => setState('closed');

  const { onMouseOver, onMouseLeave, onFocus, onBlur } = children.props;
  const button = cloneElement(children, {
    title: open ? undefined : title,
    'aria-describedby': open ? id : children.props['aria-describedby'],
    onMouseOver: (event: MouseEvent<HTMLElement>) => {
      onMouseOver?.(event);
      setWanted(true);
      if (state === 'closed') setState('hovered');
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      onMouseLeave?.(event);
      hide();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      onFocus?.(event);
      // As MUI's Tooltip: keyboard focus opens it, a click's focus only fetches its code.
      setWanted(true);
      if (event.currentTarget.matches(':focus-visible')) setState('open');
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      onBlur?.(event);
      hide();
    },
  });

  return (
    <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }}>
      {button}
      {wanted ? (
        <Suspense fallback={null}>
          <Tooltip id={id} title={title} open={open} onClose={hide} disableHoverListener disableFocusListener disableTouchListener>
            <Box component="span" aria-hidden sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} />
          </Tooltip>
        </Suspense>
      ) : null}
    </Box>
  );
}
