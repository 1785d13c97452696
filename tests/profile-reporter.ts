/**
 * A Vitest reporter that writes, for every test file, its project, when it started and ended, and where its time went
 * (environment, prepare, setup file, import and collection, tests), to `.data/test-results/vitest-files.json`.
 * `scripts/test-profile.mjs` reads it to print the slowest files and the phases of each project.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileProfile {
  project: string;
  file: string;
  tests: number;
  failed: number;
  startedAt: number;
  endedAt: number;
  environmentMs: number;
  prepareMs: number;
  setupMs: number;
  collectMs: number;
  testsMs: number;
}

const OUTPUT = join(import.meta.dirname, '../.data/test-results/vitest-files.json');

export default class ProfileReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly files: FileProfile[] = [];

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.moduleId + module.project.name, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const diagnostic = module.diagnostic();
    const tests = [...module.children.allTests()];
    const endedAt = Date.now();
    this.files.push({
      project: module.project.name,
      file: module.relativeModuleId,
      tests: tests.length,
      failed: tests.filter((test) => test.result().state === 'failed').length,
      startedAt: this.started.get(module.moduleId + module.project.name) ?? endedAt,
      endedAt,
      environmentMs: Math.round(diagnostic.environmentSetupDuration),
      prepareMs: Math.round(diagnostic.prepareDuration),
      setupMs: Math.round(diagnostic.setupDuration),
      collectMs: Math.round(diagnostic.collectDuration),
      testsMs: Math.round(diagnostic.duration),
    });
  }

  onTestRunEnd(): void {
    mkdirSync(dirname(OUTPUT), { recursive: true });
    writeFileSync(OUTPUT, JSON.stringify(this.files, null, 1));
  }
}
