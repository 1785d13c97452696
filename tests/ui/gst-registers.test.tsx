/** The GST registers page: a month's invoice register and credit-note register, exported as CSV for the GST return. */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../openapi/schema';
import { returnMonths } from '../../src/features/admin/gst/months';
import { server } from './handlers';
import { renderShop } from './render';

type Schemas = components['schemas'];

describe('the months a return is filed for', () => {
  it('are India’s months, the current one first, each from its first to its last day', () => {
    // 31 Jan 2027, 20:00 in London is already 1 February in India.
    const months = returnMonths(new Date('2027-01-31T20:00:00Z'), 3);
    expect(months).toEqual([
      { value: '2027-02', label: 'February 2027', from: '2027-02-01', to: '2027-02-28' },
      { value: '2027-01', label: 'January 2027', from: '2027-01-01', to: '2027-01-31' },
      { value: '2026-12', label: 'December 2026', from: '2026-12-01', to: '2026-12-31' },
    ]);
    expect(returnMonths(new Date('2028-02-10T00:00:00Z'), 1)[0]!.to).toBe('2028-02-29');
  });
});

describe('the GST registers page', () => {
  const createObjectURL = URL.createObjectURL;
  const revokeObjectURL = URL.revokeObjectURL;
  let saved: Array<{ name: string; text: Promise<string> }>;
  let started: Schemas['GstRegisterFilter'][];
  let clicks: { mockRestore: () => void };

  beforeEach(() => {
    saved = [];
    started = [];
    let blob: Blob | null = null;
    URL.createObjectURL = (file: Blob) => {
      blob = file;
      return 'blob:gst-register';
    };
    URL.revokeObjectURL = () => undefined;
    clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.href === 'blob:gst-register' && blob) saved.push({ name: this.download, text: blob.text() });
    });
    const jobs = new Map<string, Schemas['ExportJob']>();
    server.use(
      http.post<never, Schemas['GstRegisterFilter']>('*/api/admin/exports/gst-register', async ({ request }) => {
        const filter = await request.json();
        started.push(filter);
        const kind = filter.register === 'invoices' ? 'invoice-register' : 'credit-note-register';
        const job: Schemas['ExportJob'] = {
          _id: `job-${jobs.size + 1}`,
          kind,
          status: 'done',
          rows: 1,
          total: 1,
          createdAt: new Date().toISOString(),
          finishedAt: new Date().toISOString(),
          fileName: `${kind}-${filter.from}-to-${filter.to}.csv`,
        };
        jobs.set(job._id, job);
        return HttpResponse.json({ export: { ...job, status: 'queued' as const, rows: 0 } }, { status: 202 });
      }),
      http.get<{ id: string }>('*/api/admin/exports/:id', ({ params }) => HttpResponse.json({ export: jobs.get(params.id)! })),
      http.get<{ id: string }>('*/api/admin/exports/:id/file', ({ params }) =>
        new HttpResponse(`\uFEFFInvoice number,Invoice date\r\nINV/26-27/000001,${jobs.get(params.id)!.fileName}\r\n`, {
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        }),
      ),
    );
  });

  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    clicks.mockRestore();
  });

  it('exports last month’s invoice register by default, and a chosen month’s credit-note register', async () => {
    const view = renderShop('/admin/gst-registers', { as: 'admin' });
    expect(await screen.findByRole('heading', { name: 'GST Registers', level: 1 })).toBeInTheDocument();
    const months = returnMonths(new Date());
    const month = screen.getByLabelText('Month');
    expect(month).toHaveValue(months[1]!.value);

    await view.user.click(screen.getByRole('button', { name: 'Export the invoice register as CSV' }));
    const invoices = `invoice-register-${months[1]!.from}-to-${months[1]!.to}.csv`;
    expect(await screen.findByText(new RegExp(`^Saved ${invoices}: 1 row\\.`))).toBeInTheDocument();
    expect(started).toEqual([{ register: 'invoices', from: months[1]!.from, to: months[1]!.to }]);
    expect(saved.map((file) => file.name)).toEqual([invoices]);

    await view.user.selectOptions(month, months[3]!.value);
    await view.user.click(screen.getByRole('button', { name: 'Export the credit-note register as CSV' }));
    await waitFor(() => expect(started).toHaveLength(2));
    expect(started[1]).toEqual({ register: 'credit-notes', from: months[3]!.from, to: months[3]!.to });
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.name).toBe(`credit-note-register-${months[3]!.from}-to-${months[3]!.to}.csv`);
  });

  it('is in the admin sidebar, marked as the page open', async () => {
    renderShop('/admin/gst-registers', { as: 'admin' });
    const link = await screen.findByRole('link', { name: 'GST Registers' });
    expect(link).toHaveAttribute('href', '/admin/gst-registers');
    expect(link).toHaveAttribute('aria-current', 'page');
  });
});
