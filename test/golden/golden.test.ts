/**
 * Golden outputs: the Markdown diff of sl-classic and asl-a4, and the Markdown card of sl-classic,
 * byte for byte as the CLI prints them. A change to either is reviewed with `git diff test/golden/`: refresh the files with
 * `UPDATE_GOLDEN=1 npx vitest run test/golden` (like Catala's `--reset`). A missing golden file is a
 * failure, never recreated silently.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCard, renderCardMarkdown } from '../../compiler/cards/index.js';
import { buildReport, renderMarkdown } from '../../compiler/diff/index.js';
import { ir } from '../cards/helpers.js';
import { load } from '../diff/helpers.js';

const DIR = import.meta.dirname;
const UPDATE = process.env.UPDATE_GOLDEN === '1';

function golden(name: string, actual: string): void {
  const file = join(DIR, name);
  if (UPDATE) {
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file)) throw new Error(`missing golden file test/golden/${name}: run UPDATE_GOLDEN=1 npx vitest run test/golden, then review and commit it`);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

describe('golden Markdown outputs', () => {
  it('variorum diff sl-classic asl-a4 --format md', () => {
    golden('diff-sl-classic-asl-a4.md', renderMarkdown(buildReport([load('sl-classic'), load('asl-a4')])));
  });

  it('variorum card sl-classic --format md', () => {
    // The source as the CLI names it, so the file equals `variorum card sl-classic --format md`.
    golden('card-sl-classic.md', renderCardMarkdown(buildCard(ir('sl-classic'), { source: 'rulesets/sl-classic.rules' })));
  });
});
