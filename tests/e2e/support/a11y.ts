/** Serious or critical axe (WCAG 2.1 A/AA) violations on the page as it is now, one line each, `label` first. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function axeProblems(page: Page, label = page.url()): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label} ${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}
