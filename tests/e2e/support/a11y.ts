/**
 * axe (WCAG 2.1 A/AA, colour contrast included) on the page as it is now, one line per violation,
 * `label` first. By default only serious and critical violations count (what most specs check);
 * `{ allImpacts: true }` counts every impact, minor and moderate too (the sweep, a11y-sweep.spec.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface AxeOptions {
  /** Count minor and moderate violations as well. */
  allImpacts?: boolean;
}

/** The page's axe violations as lines: serious and critical only unless `allImpacts`. */
export async function axeProblems(page: Page, label = page.url(), options: AxeOptions = {}): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => options.allImpacts || v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label} ${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}
