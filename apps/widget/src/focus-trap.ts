const CONTROLS = 'button, input, select, textarea, a[href], [tabindex]';

/**
 * The controls of `container` that Tab reaches now, in document order: not disabled (the Ask
 * button while an answer streams), shown, and not taken out of the tab order (`tabindex="-1"`).
 */
export function tabbable(container: ParentNode): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(CONTROLS)].filter(
    (el) => el.tabIndex >= 0 && !el.matches(':disabled') && el.getClientRects().length > 0,
  );
}

/**
 * Keeps Tab inside a modal `dialog`: Tab on its last reachable control goes to the first, and
 * Shift-Tab on the first (or from outside the dialog) to the last. `active` is the focused element
 * of the dialog's root.
 */
export function trapTab(e: KeyboardEvent, dialog: Element, active: Element | null): void {
  const controls = tabbable(dialog);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const outside = !active || !dialog.contains(active);
  if (e.shiftKey && (active === first || outside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || outside)) {
    e.preventDefault();
    first.focus();
  }
}
