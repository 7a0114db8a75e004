/**
 * The one policy for CMS HTML. The API sanitises every editor-HTML field when it serialises it, so
 * any client of the API is safe; content-sync applies the same policy to its snapshot. Allow-list,
 * not block-list: anything not named here (script, style, iframe, forms, on* handlers, style
 * attributes) is dropped.
 */
import sanitizeHtml from 'sanitize-html';

const TABLE_TAGS = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];
// Description lists too: the seeded 特定商取引法 and company pages are written as dl/dt/dd, and they
// carry no attributes, so they add nothing that can run or restyle.
const LIST_TAGS = ['ul', 'ol', 'li', 'dl', 'dt', 'dd'];

/** The allow-list; exported so tests and reviewers see exactly what editors may use. */
export const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', ...LIST_TAGS, 'a', 'img', 'strong', 'em', 'br', ...TABLE_TAGS],
  allowedAttributes: { a: ['href'], img: ['src', 'alt'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  // Relative URLs stay allowed; javascript:, data:, vbscript: and friends are removed with the attribute.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Drop the contents of dangerous elements too, not just their tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
  disallowedTagsMode: 'discard',
  parseStyleAttributes: false,
};

/** Returns `html` reduced to the allow-list (see SANITIZE_OPTIONS). */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

/** Escapes text for use inside HTML (a value substituted into an already sanitised body). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
