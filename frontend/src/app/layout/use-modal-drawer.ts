import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * While `open`, the drawer behaves as a modal: focus moves to its first control, Tab and Shift+Tab cycle
 * through the toggle and the drawer's controls, and Escape closes it and gives focus back to the toggle.
 * (The content behind is made inert by the caller.)
 */
export function useModalDrawer(open: boolean, drawer: RefObject<HTMLElement | null>, toggle: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    // Only what is shown: the links of a closed menu group stay in the page, hidden.
    const inside = () =>
      [toggle.current, ...(drawer.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter(
        (e): e is HTMLElement => !!e && e.getClientRects().length > 0,
      );
    inside()[1]?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        toggle.current?.focus();
      } else if (event.key === 'Tab') {
        const controls = inside();
        const at = controls.indexOf(document.activeElement as HTMLElement);
        const next = at === -1 ? 0 : (at + (event.shiftKey ? -1 : 1) + controls.length) % controls.length;
        event.preventDefault();
        controls[next]?.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, drawer, toggle, close]);
}
