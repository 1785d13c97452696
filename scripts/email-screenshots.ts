/**
 * Renders every sample e-mail (server/services/messages/samples.ts) and saves, per template, its HTML, its plain-text
 * part and full-page screenshots at a phone's width (390 px) and a desktop's (1280 px), to look the e-mails over.
 *
 *   npx tsx scripts/email-screenshots.ts [outDir]   (default /tmp/email-shots)
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { renderEmail } from '../server/services/messages/render';
import { SAMPLE_MESSAGES, sampleFooter } from '../server/services/messages/samples';

const WIDTHS = [390, 1280] as const;

async function main(): Promise<void> {
  const outDir = resolve(process.argv[2] ?? '/tmp/email-shots');
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    for (const content of SAMPLE_MESSAGES) {
      const email = await renderEmail(content, sampleFooter(content));
      const base = join(outDir, content.template);
      await writeFile(`${base}.html`, email.html);
      await writeFile(`${base}.txt`, `Subject: ${email.subject}\n\n${email.text}`);
      for (const width of WIDTHS) {
        const page = await browser.newPage({ viewport: { width, height: 800 }, deviceScaleFactor: 1 });
        // The e-mails load nothing from the network; refusing every request proves it.
        await page.route('**/*', (route) => route.abort());
        await page.setContent(email.html, { waitUntil: 'load' });
        await page.screenshot({ path: `${base}-${width}.png`, fullPage: true });
        await page.close();
      }
      console.log(`${content.template}: ${email.subject}`);
    }
  } finally {
    await browser.close();
  }
  console.log(`Written to ${outDir}`);
}

await main();
