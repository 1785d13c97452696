#!/usr/bin/env node
/**
 * Where the test suite's time goes, from what the last run left in `.data/test-results/`: each step of `npm test`,
 * each Vitest project and the Playwright projects (files, tests, wall time), the slowest files of each, and the
 * phases of Vitest's time (environment, prepare, setup file, import and collection, tests).
 *
 * `npm run test:profile` prints it in full after any run (`npm test`, or `npx vitest run --project ui` and
 * `npx playwright test`, which write the same files); `npm test` ends with its short form.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const RESULTS_DIR = join(new URL('..', import.meta.url).pathname, '.data/test-results');

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function readJson(name) {
  const path = join(RESULTS_DIR, name);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

function table(headers, rows) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** The Playwright JSON report's tests, flattened: project, file, title, duration of each try, outcome. */
function playwrightTests(report) {
  const tests = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const results = test.results ?? [];
        tests.push({
          project: test.projectName,
          file: spec.file,
          title: spec.title,
          status: test.status,
          durationMs: results.reduce((sum, result) => sum + (result.duration ?? 0), 0),
          startedAt: Math.min(...results.map((result) => Date.parse(result.startTime))),
          endedAt: Math.max(...results.map((result) => Date.parse(result.startTime) + (result.duration ?? 0))),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return tests;
}

function wall(items) {
  if (items.length === 0) return 0;
  return Math.max(...items.map((item) => item.endedAt)) - Math.min(...items.map((item) => item.startedAt));
}

function groupBy(items, key) {
  const groups = new Map();
  for (const item of items) groups.set(item[key], [...(groups.get(item[key]) ?? []), item]);
  return groups;
}

/** The profile as text; `slowest` files are listed per project. */
export function profileText({ slowest = 5 } = {}) {
  const out = [];
  const steps = readJson('steps.json');
  if (steps) {
    out.push('Steps of npm test', table(['step', 'wall', 'ok'], steps.map((step) => [step.title, seconds(step.ms), step.ok ? 'yes' : 'NO'])));
    // Some steps run side by side: the total is from the first start to the last end.
    const wall = Math.max(...steps.map((step) => step.started + step.ms)) - Math.min(...steps.map((step) => step.started));
    out.push(`total ${seconds(wall)}`, '');
  }

  const files = readJson('vitest-files.json');
  if (files) {
    const projects = [...groupBy(files, 'project')];
    out.push(
      'Vitest projects (wall: first file started to last file ended; file time: summed over files run side by side)',
      table(
        ['project', 'files', 'tests', 'wall', 'file time', 'environment', 'prepare', 'setup', 'import', 'tests'],
        projects.map(([name, list]) => {
          const sum = (key) => seconds(list.reduce((total, file) => total + file[key], 0));
          const fileTime = list.reduce((total, file) => total + (file.endedAt - file.startedAt), 0);
          return [name, list.length, list.reduce((n, f) => n + f.tests, 0), seconds(wall(list)), seconds(fileTime), sum('environmentMs'), sum('prepareMs'), sum('setupMs'), sum('collectMs'), sum('testsMs')];
        }),
      ),
      '',
    );
    for (const [name, list] of projects) {
      const top = [...list].sort((a, b) => b.endedAt - b.startedAt - (a.endedAt - a.startedAt)).slice(0, slowest);
      out.push(
        `Slowest files of ${name}`,
        table(
          ['file', 'tests', 'wall', 'import', 'tests'],
          top.map((file) => [file.file, file.tests, seconds(file.endedAt - file.startedAt), seconds(file.collectMs), seconds(file.testsMs)]),
        ),
        '',
      );
    }
  }

  const playwright = readJson('playwright.json');
  if (playwright) {
    const tests = playwrightTests(playwright);
    const projects = [...groupBy(tests, 'project')];
    out.push(
      'Playwright projects (test time: summed over tests run side by side, retries included)',
      table(
        ['project', 'tests', 'flaky', 'failed', 'wall', 'test time'],
        projects.map(([name, list]) => [
          name,
          list.length,
          list.filter((test) => test.status === 'flaky').length,
          list.filter((test) => test.status === 'unexpected').length,
          seconds(wall(list)),
          seconds(list.reduce((sum, test) => sum + test.durationMs, 0)),
        ]),
      ),
      `whole run ${seconds(playwright.stats?.duration ?? 0)}`,
      '',
    );
    const byFile = [...groupBy(tests, 'file')].map(([file, list]) => ({
      file,
      tests: list.length,
      ms: list.reduce((sum, test) => sum + test.durationMs, 0),
    }));
    out.push(
      'Slowest Playwright files (test time)',
      table(['file', 'tests', 'test time'], byFile.sort((a, b) => b.ms - a.ms).slice(0, slowest * 2).map((f) => [f.file, f.tests, seconds(f.ms)])),
      '',
      'Slowest Playwright tests',
      table(
        ['test', 'project', 'time'],
        [...tests]
          .sort((a, b) => b.durationMs - a.durationMs)
          .slice(0, slowest * 2)
          .map((test) => [`${test.file} › ${test.title}`.slice(0, 110), test.project, seconds(test.durationMs)]),
      ),
      '',
    );
  }
  if (out.length === 0) out.push(`No results in ${RESULTS_DIR}: run npm test (or vitest / playwright) first.`);
  return out.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(profileText({ slowest: 15 }));
}
