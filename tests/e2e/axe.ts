import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** What a violation shows in a failure message: the rule, its help and the elements it found. */
export interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

declare global {
  interface Window {
    axe: { run(context: Document, options: object): Promise<AxeResults> };
  }
}

let source: string | undefined;

/**
 * Runs axe-core (deque's rules engine) in the page on these rules only, e.g. label-content-name-mismatch (WCAG 2.5.3
 * label in name, one of axe's experimental rules, so it runs only when named). The source goes in through evaluate,
 * which the app's Content-Security-Policy does not apply to, as @axe-core/playwright does it.
 */
export async function axeViolations(page: Page, rules: readonly string[]): Promise<AxeViolation[]> {
  source ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(async (values) => {
    const results = await window.axe.run(document, { runOnly: { type: 'rule', values } });
    return results.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html, summary: n.failureSummary ?? '' })),
    }));
  }, rules);
}
