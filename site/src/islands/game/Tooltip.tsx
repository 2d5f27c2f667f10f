import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from 'react';
import './tooltip.css';

/** Spec section 9: a tooltip opens after 700 ms over its control, at once when another closed less than 300 ms ago. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** How long to wait before opening, `now` and `lastClosedAt` in the same clock (ms). */
export function tooltipDelay(now: number, lastClosedAt: number): number {
  return now - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_OPEN_DELAY_MS;
}

/** When any tooltip last closed: moving along a row of header controls opens the next one at once. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/**
 * A small hint bubble under `children` (one element, which gets aria-describedby) on mouse hover or keyboard focus;
 * Escape or leaving closes it. Touch gets none: the hint must never be the only way to learn something.
 */
export function Tooltip({ label, children }: { label: string; children: ReactElement<{ 'aria-describedby'?: string }> }) {
  const [open, setOpen] = useState(false);
  const shown = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  const reveal = () => {
    shown.current = true;
    setOpen(true);
  };
  const show = () => {
    clearTimeout(timer.current);
    const delay = tooltipDelay(performance.now(), lastClosedAt);
    if (delay === 0) reveal();
    else timer.current = setTimeout(reveal, delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (shown.current) lastClosedAt = performance.now();
    shown.current = false;
    setOpen(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only listens for its control's hover and focus
    <span
      className="wl-tip"
      onPointerEnter={(e) => e.pointerType === 'mouse' && show()}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => e.key === 'Escape' && hide()}
    >
      {cloneElement(children, { 'aria-describedby': id })}
      <span id={id} role="tooltip" className="wl-tip__bubble" hidden={!open}>
        {label}
      </span>
    </span>
  );
}
