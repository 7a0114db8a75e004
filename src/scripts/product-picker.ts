/**
 * The colour and size radio groups of the product page: one tab stop per group (the checked
 * choice), arrow keys move between the choices that can be chosen, Space or Enter chooses (the
 * choice is a link to that variant's page). Sold-out sizes (aria-disabled) are skipped.
 */
import { radioMove } from './product-variants.ts';

document.querySelectorAll<HTMLElement>('[data-radio-group]').forEach((group) => {
  const radios = Array.from(group.querySelectorAll<HTMLElement>('[role="radio"]')).filter(
    (r) => r.getAttribute('aria-disabled') !== 'true',
  );
  if (radios.length === 0) return;
  const checked = radios.find((r) => r.getAttribute('aria-checked') === 'true') ?? radios[0];
  radios.forEach((r) => {
    r.tabIndex = r === checked ? 0 : -1;
  });
  group.addEventListener('keydown', (event) => {
    const index = radios.indexOf(event.target as HTMLElement);
    if (index < 0) return;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      radios[index].click();
      return;
    }
    const next = radioMove(index, radios.length, event.key);
    if (next === index) return;
    event.preventDefault();
    radios[index].tabIndex = -1;
    radios[next].tabIndex = 0;
    radios[next].focus();
  });
});
