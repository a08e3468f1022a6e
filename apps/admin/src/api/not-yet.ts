import { html } from 'lit';
import { ApiError } from './api-error';

/** True when the server has no such endpoint yet (an older docqa): a 404 for the route itself. */
export function isMissingEndpoint(error: Error | undefined): boolean {
  return error instanceof ApiError && error.status === 404 && /no route/i.test(error.message);
}

/** The honest empty state of a page whose data this server does not provide. */
export const notAvailable = (what: string) =>
  html`<p class="empty" role="status">
    ${what} are not available on this server: it has no question log yet.
  </p>`;
