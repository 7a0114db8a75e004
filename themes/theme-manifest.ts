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

/** What a theme declares: its name, an optional extra tokens stylesheet, its rules and only the slots it overrides. */
export interface ThemeManifest {
  name: string;
  /** Project-relative CSS file layered after the default tokens (custom properties only). */
  tokens?: string;
  rules?: ThemeRules;
  slots?: Partial<Record<SlotName, string>>;
}
