/**
 * The shape of a theme manifest (themes/<name>/theme.ts) as plain types, so manifests and browser
 * code need no zod. themes/registry.ts validates manifests against the same shape with zod.
 */
import type { SlotName } from './slot-props.ts';

/** The extra validation rules a theme adds (spec 5 "Other rules": one theme adds them). */
export interface ThemeRules {
  /** Password: 8+ characters, half-width letters and digits combined, - _ . allowed. */
  strictPassword?: boolean;
  /** Names full-width only. */
  fullWidthNames?: boolean;
  /** Kana fields full-width katakana. */
  kanaKatakana?: boolean;
}

/** The spinner designs of spec 9 (0000–0013), one stylesheet each under themes/default/loaders/. */
export const SPINNER_IDS = [
  '0000',
  '0001',
  '0002',
  '0003',
  '0004',
  '0005',
  '0006',
  '0007',
  '0008',
  '0009',
  '0010',
  '0011',
  '0012',
  '0013',
] as const;
export type SpinnerId = (typeof SPINNER_IDS)[number];

/** The cursor followers of spec 9 (0001–0003). */
export const CURSOR_IDS = ['0001', '0002', '0003'] as const;
export type CursorId = (typeof CURSOR_IDS)[number];

/** The loader a theme shows while data loads (spec 9 default: spinner 0011, size 20, transparent overlay, centred). */
export interface ThemeLoader {
  spinner?: SpinnerId;
  /** Spinner size in CSS pixels. */
  size?: number;
  /** What covers the loading area behind the spinner. */
  overlay?: 'transparent' | 'light' | 'dark';
  /** Where the spinner sits in the loading area. */
  position?: 'center' | 'top';
}

/** The decorative pointer follower (spec 9 default: cursor 0001, size 10, frame 0.1); null turns it off. */
export interface ThemeCursor {
  type?: CursorId | null;
  /** Follower size in CSS pixels. */
  size?: number;
  /** Easing per animation frame: the share of the remaining distance covered each frame (0–1]. */
  frame?: number;
}

/** What a theme declares: its name, an optional extra tokens stylesheet, its rules, loader, cursor and only the slots it overrides. */
export interface ThemeManifest {
  name: string;
  /** Project-relative CSS file layered after the default tokens (custom properties only). */
  tokens?: string;
  rules?: ThemeRules;
  loader?: ThemeLoader;
  cursor?: ThemeCursor;
  slots?: Partial<Record<SlotName, string>>;
}
