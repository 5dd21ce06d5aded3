import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Focuses a menu or popover trigger and presses a key until the control it opens has the focus.
 *
 * Until the page is hydrated a key press on a trigger does nothing, and the server-rendered page gives no sign
 * of when that ends. A press that lands late can also open the control after the check gave up; pressing the
 * key on the trigger again would then close it, so an open one is closed with Escape before the next attempt.
 */
export async function openWithKeyboard(
  page: Page,
  trigger: Locator,
  focusedWhenOpen: Locator,
  options: { opened: Locator; key?: "Enter" | "ArrowDown" | "Space" },
): Promise<void> {
  await expect(async () => {
    if (await options.opened.isVisible()) await page.keyboard.press("Escape");
    await expect(options.opened).toBeHidden({ timeout: 2000 });
    await trigger.focus();
    await page.keyboard.press(options.key ?? "Enter");
    await expect(focusedWhenOpen).toBeFocused({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Presses `key` (an arrow) once at a time until `target` has the focus. Just after a menu opens, its first
 * entry can lose the highlight (the full browser suite's trace showed the first ArrowDown leaving no entry
 * highlighted, and the next one landing on the second entry; the cause was not found), so a fixed count of
 * presses may land one entry short. Each press is checked instead.
 */
export async function pressUntilFocused(page: Page, key: "ArrowDown" | "ArrowUp", target: Locator, presses = 6): Promise<void> {
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press(key);
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  await expect(target).toBeFocused();
}
