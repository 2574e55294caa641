import type { Locator, Page } from 'playwright-core';
import { MENU } from '../../frontend/src/app/menu';

/** The side menu's group toggle of `group`. */
export const menuGroup = (page: Page, group: string): Locator => page.locator(`[data-testid="side-menu"] [data-menu-group="${group}"]`);

/**
 * The side menu's link to the entry `id`, ready to click: its group is opened first when it is closed (the menu
 * groups entries by area and remembers per user which groups are open).
 */
export async function menuLink(page: Page, id: string): Promise<Locator> {
  const link = page.locator(`[data-testid="side-menu"] [data-menu-id="${id}"]`);
  const group = MENU.find((entry) => entry.id === id)?.group;
  if (group) {
    await link.waitFor({ state: 'attached' });
    const toggle = menuGroup(page, group);
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  }
  return link;
}
