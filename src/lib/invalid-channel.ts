/**
 * A build for a channel the Shop API does not know (spec 2 and 8: "for an invalid channel only the
 * 404 text shows"). The build's content sync asks the API first; when it answers channel.not_exists,
 * scripts/host/build.ts leaves this marker in the channel's snapshot folder instead of content, and every
 * layout renders the invalid-channel layout with only the 404 text. Read like the snapshot itself
 * (at build time for pre-rendered pages, from the same folder for pages rendered on demand).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SNAPSHOT_ROOT } from '#content-sync/snapshot.ts';

export const INVALID_CHANNEL_MARKER = 'invalid-channel.json';

/** The meta tag name the invalid-channel layout writes into every page it renders. */
export const INVALID_CHANNEL_META = 'shop:invalid-channel';

const known = new Map<string, boolean>();

/** Whether the last sync of `channel` found that the API has no such channel. */
export function isInvalidChannel(channel: string, root: string = DEFAULT_SNAPSHOT_ROOT): boolean {
  const file = path.join(root, channel, INVALID_CHANNEL_MARKER);
  let hit = known.get(file);
  if (hit === undefined) {
    hit = existsSync(file);
    known.set(file, hit);
  }
  return hit;
}

/**
 * The pre-rendered 404 page of a build made for an invalid channel (its `client/404.html` carries the
 * invalid-channel layout's meta tag), or null for a build of a real channel. The production server
 * answers every page of such a build with this page and status 404 (scripts/host/start.ts).
 */
export function invalidChannelPage(clientDir: string): Buffer | null {
  const file = path.join(clientDir, '404.html');
  if (!existsSync(file)) return null;
  const html = readFileSync(file);
  return html.includes(`<meta name="${INVALID_CHANNEL_META}" content="1">`) ? html : null;
}

/**
 * Whether a request path names a static file of a build (a script, style, font, image or favicon: any
 * file but an HTML page) that must still load in an invalid-channel build, so its 404 page renders styled.
 * Paths that leave the build's client folder are never files of it.
 */
export function isStaticFile(clientDir: string, url: string): boolean {
  const queryAt = url.search(/[?#]/);
  let pathname: string;
  try {
    pathname = decodeURIComponent(queryAt === -1 ? url : url.slice(0, queryAt));
  } catch {
    return false;
  }
  if (pathname.includes('\0') || pathname.endsWith('/') || /\.html?$/i.test(pathname)) return false;
  const root = path.resolve(clientDir);
  const file = path.resolve(root, `.${path.posix.normalize(`/${pathname}`)}`);
  if (!file.startsWith(root + path.sep)) return false;
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
