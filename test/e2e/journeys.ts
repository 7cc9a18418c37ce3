import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { LOCAL_OPENAI_KEY } from '../emulators/openai/keys';

/**
 * The way in for suites about what comes after sign-in: a seeded staff account picks itself in
 * the emulator's account picker, creates the pre-filled agency, selects it and sets the OpenAI
 * key, ending on the dashboard. Returns the emulator's origin (suites that slow Google down need it).
 */
export const signInWithNewAgency = async (page: Page, appUrl: string, email: string): Promise<{ emulatorOrigin: string }> => {
  await page.goto(`${appUrl}/`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const account = page.locator(`a.account[data-email="${email}"]`);
  await account.waitFor({ timeout: 30_000 });
  const emulatorOrigin = new URL(page.url()).origin;
  await account.click();
  await page.getByRole('heading', { name: 'Select Agency' }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Create New Agency' }).click();
  await expect.poll(() => page.getByPlaceholder('ex: threadline-agency').inputValue(), { timeout: 15_000 }).not.toBe('');
  await page.getByRole('button', { name: 'Create Agency' }).click();
  await page.getByText('Your Agencies (1)').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: /-agency/i }).first().click();
  await page.getByPlaceholder(/^sk-/).fill(LOCAL_OPENAI_KEY);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Email Processing', exact: true }).waitFor({ timeout: 30_000 });
  return { emulatorOrigin };
};
