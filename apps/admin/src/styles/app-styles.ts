import { css } from 'lit';

/** Layout of the shell: header, side navigation (a menu on phones) and the page. */
export const appStyles = css`
  :host {
    min-height: 100vh;
  }
  .skip {
    position: absolute;
    left: -999px;
  }
  .skip:focus {
    left: 0.5rem;
    top: 0.5rem;
    z-index: 10;
    background: var(--surface);
    padding: 0.5rem;
  }
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
    padding: 0.6rem 1rem;
    background: var(--surface);
    border-bottom: 1px solid var(--border);
  }
  .brand {
    white-space: nowrap;
    font-weight: 700;
    color: var(--text);
    text-decoration: none;
    font-size: 1.1rem;
  }
  .brand span {
    color: var(--muted);
    font-weight: 400;
  }
  .spacer {
    flex: 1;
  }
  header button {
    white-space: nowrap;
    padding: 0.3rem 0.6rem;
    font-size: 0.875rem;
  }
  .layout {
    display: grid;
    grid-template-columns: 13rem minmax(0, 1fr);
    min-height: calc(100vh - 3.2rem);
  }
  .layout.bare {
    grid-template-columns: minmax(0, 1fr);
  }
  nav {
    border-right: 1px solid var(--border);
    background: var(--surface);
  }
  nav ul {
    list-style: none;
    margin: 0;
    padding: 0.75rem 0.5rem;
  }
  nav a {
    display: block;
    padding: 0.45rem 0.75rem;
    border-radius: 6px;
    color: var(--text);
    text-decoration: none;
  }
  nav a:hover {
    background: var(--surface-2);
  }
  nav a[aria-current='page'] {
    background: var(--surface-2);
    font-weight: 600;
    box-shadow: inset 3px 0 0 var(--accent);
  }
  main {
    padding: 1.25rem;
    min-width: 0;
    max-width: 72rem;
  }
  main:focus {
    outline: none;
  }
  .menu {
    display: none;
  }
  .loading {
    padding: 2rem;
  }
  @media (max-width: 48rem) {
    .layout {
      grid-template-columns: minmax(0, 1fr);
    }
    .menu {
      display: inline-block;
    }
    nav {
      display: none;
      border-right: 0;
      border-bottom: 1px solid var(--border);
    }
    nav.open {
      display: block;
    }
    main {
      padding: 1rem 0.75rem;
    }
    header {
      padding: 0.5rem 0.75rem;
    }
    .brand span {
      display: none;
    }
  }
`;
