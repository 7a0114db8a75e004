/**
 * The page after a runtime "channel does not exist" answer (spec 8: invalid-channel layout and 404
 * page). The http core calls this in the browser: the page's content, header, footer and islands give
 * way to the invalid-channel layout with only the 404 text, the same markup the server renders for a
 * build of an unknown channel (src/layouts/InvalidChannel.astro). Default.astro carries that markup,
 * rendered by the theme's error screen, in an inert <template>; a page without it gets the plain texts.
 */

/** The id of the <template> Default.astro renders with the invalid-channel page's body. */
export const INVALID_CHANNEL_TEMPLATE_ID = 'invalid-channel-view';

/** Replaces the whole page body with the invalid-channel view (idempotent). */
export function showInvalidChannelView(doc: Document = document): void {
  const template = doc.getElementById(INVALID_CHANNEL_TEMPLATE_ID);
  let body: Node;
  if (template?.tagName === 'TEMPLATE') {
    body = (template as HTMLTemplateElement).content.cloneNode(true);
  } else {
    const main = doc.createElement('main');
    main.id = 'main';
    const h1 = doc.createElement('h1');
    const p = doc.createElement('p');
    h1.textContent = '404 Not Found';
    p.textContent = 'お探しのページが見つかりませんでした。';
    main.append(h1, p);
    body = main;
  }
  doc.body.replaceChildren(body);
  doc.title = '404 Not Found';
}
