/**
 * The page after a runtime "channel does not exist" answer (spec 8: invalid-channel layout and 404
 * page). The http core calls this in the browser: the page's content, header, footer and islands give
 * way to the invalid-channel layout with only the 404 text, the same markup the server renders for a
 * build of an unknown channel (src/layouts/InvalidChannel.astro). Default.astro, the layout of every
 * page with islands, carries that markup, rendered by the theme's error screen, in an inert <template>.
 * Kept to a few bytes: it is part of the client core every page loads.
 */

/** The id of the <template> Default.astro renders with the invalid-channel page's body. */
export const INVALID_CHANNEL_TEMPLATE_ID = 'invalid-channel-view';

/** Replaces the whole page body with the invalid-channel view. */
export function showInvalidChannelView(doc: Document = document): void {
  const view = doc.getElementById(INVALID_CHANNEL_TEMPLATE_ID) as HTMLTemplateElement | null;
  if (!view) return;
  doc.body.replaceChildren(view.content);
  doc.title = '404 Not Found';
}
