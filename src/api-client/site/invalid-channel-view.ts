/**
 * The page after a runtime "channel does not exist" answer (spec 8: invalid-channel layout and 404
 * page). The http core's state (state.ts) calls this when it switches to the invalid-channel state: in a
 * browser the page's content, header, footer and islands give
 * way to the invalid-channel layout with only the 404 text, the same markup the server renders for a
 * build of an unknown channel (src/layouts/InvalidChannel.astro). Default.astro, the layout of every
 * page with islands, carries that markup, rendered by the theme's error screen, in an inert <template>.
 * Kept to a few bytes: it is part of the client core every page loads.
 */

/** The id of the <template> Default.astro renders with the invalid-channel page's body. */
export const INVALID_CHANNEL_TEMPLATE_ID = 'invalid-channel';

/** Replaces the whole page body with the invalid-channel view; nothing on the server or without the template. */
export function showInvalidChannelView(): void {
  const view = typeof document === 'object' && (document.getElementById(INVALID_CHANNEL_TEMPLATE_ID) as HTMLTemplateElement | null);
  if (!view) return;
  document.body.replaceChildren(view.content);
  document.title = '404 Not Found';
}
