import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** An element whose shadow root holds the tables to label. */
type TableHost = ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment };

/**
 * Gives every data cell of the host's tables a `data-label`, its column's header text, after each
 * render: on a phone the shared styles stack a table's rows into cards and show that label before
 * each cell (`td::before`). The explicit roles keep the table a table for screen readers, which some
 * browsers forget once the rows are no longer displayed as table rows.
 */
export class StackedTablesController implements ReactiveController {
  constructor(private readonly host: TableHost) {
    host.addController(this);
  }

  hostUpdated(): void {
    for (const table of this.host.renderRoot.querySelectorAll('table')) labelTable(table);
  }
}

/** Labels the cells of `table` with their column's header and sets the table roles it lacks. */
export function labelTable(table: HTMLTableElement): void {
  const headers = [...(table.tHead?.rows[0]?.cells ?? [])].map((th) => th.textContent?.trim() ?? '');
  setRole(table, 'table');
  for (const group of [table.tHead, ...table.tBodies]) if (group) setRole(group, 'rowgroup');
  for (const row of table.rows) {
    setRole(row, 'row');
    for (const [i, cell] of [...row.cells].entries()) {
      const inHead = row.parentElement === table.tHead;
      setRole(cell, inHead ? 'columnheader' : cell.tagName === 'TH' ? 'rowheader' : 'cell');
      if (!inHead && cell.dataset['label'] !== headers[i]) cell.dataset['label'] = headers[i] ?? '';
    }
  }
}

function setRole(el: Element, role: string): void {
  if (el.getAttribute('role') !== role) el.setAttribute('role', role);
}
