/**
 * A build for a channel the Shop API does not know (spec 2 and 8: "for an invalid channel only the
 * 404 text shows"). The build's content sync asks the API first; when it answers channel.not_exists,
 * scripts/build.ts leaves this marker in the channel's snapshot folder instead of content, and every
 * layout renders the invalid-channel layout with only the 404 text. Read like the snapshot itself
 * (at build time for pre-rendered pages, from the same folder for pages rendered on demand).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SNAPSHOT_ROOT } from '../../content-sync/snapshot.ts';

export const INVALID_CHANNEL_MARKER = 'invalid-channel.json';

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
