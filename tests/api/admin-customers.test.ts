/**
 * The staff's customers: the list with its search, filters, order and pages, a customer in full with staff notes,
 * and the CSV export of a filter made in the background.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { customerBatches } from '../../server/routes/admin-customers/queries';
import { csvField } from '../../server/services/exports';
import { expectContract } from './contract';
import { addCatalogueKit, newCustomer, paidCustomer, type Customer } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';

type StaffCustomer = components['schemas']['StaffCustomer'];
type StaffCustomerDetail = components['schemas']['StaffCustomerDetail'];
type ExportJob = components['schemas']['ExportJob'];

describe('a CSV field', () => {
  it('is quoted when it holds a comma, a quote or a line break, and never runs as a formula', () => {
    expect(csvField('Asha Rao')).toBe('Asha Rao');
    expect(csvField('Rao, Asha')).toBe('"Rao, Asha"');
    expect(csvField('5" tall')).toBe('"5"" tall"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+91 98765')).toBe("'+91 98765");
    expect(csvField('@me')).toBe("'@me");
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });
});

describe.each(backends)('the staff’s customers on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;
  /** Who is who, by a name of the test's own. */
  const people: Record<string, Customer> = {};

  const named = async (key: string, fullname: string, email: string, phone: string | null, daysAgo: number) => {
    const person = await newCustomer(app());
    await app().db.query(`UPDATE users SET fullname = $2, email = $3, phone = $4, created_at = now() - $5 * interval '1 day' WHERE id = $1`, [
      person.userId,
      fullname,
      email,
      phone,
      daysAgo,
    ]);
    people[key] = person;
    return person;
  };

  /** Removes people a test added for itself, so that the others list the file's own few customers whatever ran first. */
  const forget = async (added: Customer[]) => {
    await app().db.query('DELETE FROM users WHERE id = ANY($1)', [added.map((person) => person.userId)]);
    for (const [key, person] of Object.entries(people)) if (added.includes(person)) delete people[key];
  };

  beforeAll(async () => {
    testApp = await startTestApp(backend);
    // The list is the test's own customers only.
    await app().db.query(`DELETE FROM users WHERE role = 'customer'`);
    admin = await newCustomer(app(), 'admin');
    await app().db.query(`UPDATE users SET fullname = 'Priya Staff' WHERE id = $1`, [admin.userId]);

    // Two who bought Gut 360 and Gut SEnS, one Gut Heal and Gut 360, one Gut Start, one nothing.
    const both = await paidCustomer(app(), ['PROD-G360', 'PROD-GSENS']);
    const heal = await paidCustomer(app(), ['PROD-IBS-HEAL', 'PROD-G360']);
    const start = await paidCustomer(app(), ['PROD-G3G-LITE']);
    people.both = both.customer;
    people.heal = heal.customer;
    people.start = start.customer;
    const rename = (who: Customer, fullname: string, email: string, phone: string, daysAgo: number) =>
      app().db.query(`UPDATE users SET fullname = $2, email = $3, phone = $4, created_at = now() - $5 * interval '1 day' WHERE id = $1`, [
        who.userId,
        fullname,
        email,
        phone,
        daysAgo,
      ]);
    await rename(both.customer, 'Meera Iyer', 'meera@example.test', '+919876500001', 3);
    await rename(heal.customer, 'Arjun Nair', 'arjun.nair@example.test', '+919876500002', 10);
    await rename(start.customer, 'Zoya Khan', 'zoya@example.test', '+919876500003', 40);
    await named('none', 'Bala Subramanian', 'bala_100%@example.test', null, 1);
    // A second order for Meera makes her the one with most orders.
    const again = await paidCustomer(app(), ['PROD-G3G-LITE']);
    await app().db.query('UPDATE orders SET user_id = $1 WHERE user_id = $2', [both.customer.userId, again.customer.userId]);
    await app().db.query('UPDATE kits SET user_id = $1 WHERE user_id = $2', [both.customer.userId, again.customer.userId]);
    await app().db.query('DELETE FROM users WHERE id = $1', [again.customer.userId]);
    // Staff and erased profiles are no customers of the list.
    await newCustomer(app(), 'doctor');
    const erased = await named('erased', '', 'erased@example.test', null, 2);
    await app().db.query(`UPDATE users SET email = NULL, erased_at = now() WHERE id = $1`, [erased.userId]);
    // Arjun has activated one of his kits.
    await app().db.query(`UPDATE kits SET state = 'activated' WHERE id = (SELECT id FROM kits WHERE user_id = $1 LIMIT 1)`, [heal.customer.userId]);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const list = async (query = '') => {
    const response = await app().inject({ method: 'GET', url: `/api/admin/customers${query}`, headers: admin.auth });
    return expectContract<{ items: StaffCustomer[]; total: number }>(response, 'listCustomers', 200);
  };
  const whoIn = (items: StaffCustomer[]) => items.map((item) => Object.entries(people).find(([, person]) => person.userId === item._id)?.[0]);
  const refused = async (query: string) =>
    expectContract<{ fields?: Record<string, string> }>(
      await app().inject({ method: 'GET', url: `/api/admin/customers${query}`, headers: admin.auth }),
      'listCustomers',
      400,
    );

  it('lists every customer, newest first, with what they bought and their kits', async () => {
    const page = await list();
    expect(page.total).toBe(4);
    expect(whoIn(page.items)).toEqual(['none', 'both', 'heal', 'start']);
    const meera = page.items[1]!;
    expect(meera).toMatchObject({
      fullname: 'Meera Iyer',
      email: 'meera@example.test',
      phone: '+919876500001',
      orders: 2,
      lastOrderAt: expect.any(String),
      products: ['Gut Start', 'Gut 360', 'Gut SEnS'],
      kits: { total: 3, activated: 0 },
    });
    expect(page.items[2]).toMatchObject({ orders: 1, products: ['Gut 360', 'Gut Heal'], kits: { total: 2, activated: 1 } });
    expect(page.items[0]).toMatchObject({ orders: 0, lastOrderAt: null, products: [], kits: { total: 0, activated: 0 } });
  });

  it('sorts by each column of its allowlist, either way, and refuses any other', async () => {
    expect(whoIn((await list('?sort=name')).items)).toEqual(['heal', 'none', 'both', 'start']);
    expect(whoIn((await list('?sort=-name')).items)).toEqual(['start', 'both', 'none', 'heal']);
    expect(whoIn((await list('?sort=email')).items)).toEqual(['heal', 'none', 'both', 'start']);
    expect(whoIn((await list('?sort=signedUpAt')).items)).toEqual(['start', 'heal', 'both', 'none']);
    expect(whoIn((await list('?sort=-orders')).items)[0]).toBe('both');
    expect(whoIn((await list('?sort=-lastOrderAt')).items)[0]).toBe('both');
    expect(whoIn((await list('?sort=lastOrderAt')).items)[0]).toBe('none');
    await refused('?sort=password');
    await refused('?sort=created_at;DROP TABLE users');
  });

  it('pages with limit and offset, at most 100 a page', async () => {
    const first = await list('?limit=3');
    expect(first.total).toBe(4);
    expect(whoIn(first.items)).toEqual(['none', 'both', 'heal']);
    expect(whoIn((await list('?limit=3&offset=3')).items)).toEqual(['start']);
    expect(await list('?offset=50')).toEqual({ items: [], total: 4 });
    await refused('?limit=101');
    await refused('?limit=0');
    await refused('?offset=-1');
  });

  it('searches by part of a name or e-mail address, a phone number in any spelling, or a kit code', async () => {
    expect(whoIn((await list('?q=iyer')).items)).toEqual(['both']);
    expect(whoIn((await list('?q=ARJUN.NAIR@')).items)).toEqual(['heal']);
    expect(whoIn((await list('?q=98765%2000003')).items)).toEqual(['start']);
    expect(whoIn((await list('?q=%2B91%2098765%2000002')).items)).toEqual(['heal']);
    // % and _ are letters to find, not wildcards.
    expect(whoIn((await list('?q=_100%25')).items)).toEqual(['none']);
    expect((await list('?q=%25')).total).toBe(1);
    const [code] = await app().db.query<{ box_code: string }>('SELECT box_code FROM kits WHERE user_id = $1 LIMIT 1', [people.start!.userId]);
    expect(whoIn((await list(`?q=${code!.box_code.toLowerCase()}`)).items)).toEqual(['start']);
    expect(whoIn((await list(`?q=${code!.box_code.replaceAll('-', '')}`)).items)).toEqual(['start']);
    expect((await list('?q=nobody-at-all')).total).toBe(0);
    await refused(`?q=${'x'.repeat(101)}`);
  });

  it('keeps those who bought every product asked for: the per-product lists', async () => {
    expect(whoIn((await list('?product=PROD-G360&sort=name')).items)).toEqual(['heal', 'both']);
    expect(whoIn((await list('?product=PROD-GSENS&product=PROD-G360')).items)).toEqual(['both']);
    expect(whoIn((await list('?product=PROD-IBS-HEAL&product=PROD-G360')).items)).toEqual(['heal']);
    expect(whoIn((await list('?product=PROD-IBS-HEAL')).items)).toEqual(['heal']);
    expect((await list('?product=PROD-NOTHING')).total).toBe(0);
    await refused('?product=gut360');
  });

  it('filters by any product of the catalogue: a kit staff add is in the catalogue the filter is chosen from, and finds its buyer', async () => {
    const code = 'FIBRE-KIT-01';
    await addCatalogueKit(app(), admin, code, 'Gut Fibre');
    const shop = expectContract<{ data: Array<{ code: string; name: string }> }>(await app().inject({ method: 'GET', url: '/api/products' }), 'listProducts', 200);
    expect(shop.data.map((product) => product.code)).toContain(code);
    expect((await list(`?product=${code}`)).total).toBe(0);

    const buyer = await paidCustomer(app(), [code, 'PROD-G360']);
    people.fibre = buyer.customer;
    try {
      const found = await list(`?product=${code}`);
      expect(whoIn(found.items)).toEqual(['fibre']);
      expect(found.items[0]!.products).toEqual(expect.arrayContaining(['Gut Fibre', 'Gut 360']));
      expect(whoIn((await list(`?product=${code}&product=PROD-G360&sort=name`)).items)).toEqual(['fibre']);
      expect(whoIn((await list(`?product=${code}&product=PROD-GSENS`)).items)).toEqual([]);
      // The list's export takes the same filter.
      const exported = await app().inject({ method: 'POST', url: '/api/admin/exports/customers', headers: admin.auth, payload: { product: [code] } });
      expect(expectContract<{ export: ExportJob }>(exported, 'startCustomerExport', 202).export.total).toBe(1);
      // A well-formed code no product has finds no one, as a search for nobody does; a malformed one is refused.
      expect((await list('?product=NO-SUCH-KIT')).total).toBe(0);
      await refused('?product=fibre-kit-01');
      await refused('?product=F');
    } finally {
      await forget([buyer.customer]);
    }
  });

  it('filters by a kit’s state and by the days they signed up, in India', async () => {
    expect(whoIn((await list('?kitState=activated')).items)).toEqual(['heal']);
    expect(whoIn((await list('?kitState=delivered&sort=name')).items)).toEqual(['heal', 'both', 'start']);
    await refused('?kitState=lost');

    const day = (daysAgo: number) => new Date(Date.now() + 330 * 60_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
    expect(whoIn((await list(`?signedUpFrom=${day(11)}&signedUpTo=${day(2)}`)).items)).toEqual(['both', 'heal']);
    expect(whoIn((await list(`?signedUpFrom=${day(3)}&signedUpTo=${day(3)}`)).items)).toEqual(['both']);
    expect(whoIn((await list(`?signedUpTo=${day(30)}`)).items)).toEqual(['start']);
    const backwards = await refused(`?signedUpFrom=${day(1)}&signedUpTo=${day(5)}`);
    expect(backwards.fields).toHaveProperty('signedUpTo');
    await refused('?signedUpFrom=2026-02-30');
    await refused('?signedUpFrom=yesterday');
  });

  it('shows one customer in full: profile, addresses, orders with payments, kits with their journey, notes and history', async () => {
    const response = await app().inject({ method: 'GET', url: `/api/admin/customers/${people.heal!.userId}`, headers: admin.auth });
    const { customer } = expectContract<{ customer: StaffCustomerDetail }>(response, 'getStaffCustomer', 200);
    expect(customer).toMatchObject({ fullname: 'Arjun Nair', role: 'customer', signedIn: false, notes: [], questionnaireResults: [] });
    expect(customer.addresses).toEqual([expect.objectContaining({ source: 'saved', address: expect.objectContaining({ pincode: '560001' }) })]);
    expect(customer.orders).toHaveLength(1);
    expect(customer.orders[0]).toMatchObject({ status: 'paid', items: ['Gut Heal', 'Gut 360'], invoiceNumber: expect.stringMatching(/^INV\//) });
    expect(customer.orders[0]!.payments).toEqual([expect.objectContaining({ provider: 'test', status: 'paid' })]);
    expect(customer.kits).toHaveLength(2);
    expect(customer.kits[0]!.boxCode).toMatch(/^GUT-/);
    expect(customer.kits.map((entry) => entry.kit.timeline.length).every((steps) => steps >= 2)).toBe(true);

    const missing = await app().inject({ method: 'GET', url: '/api/admin/customers/no-such-customer', headers: admin.auth });
    expectContract(missing, 'getStaffCustomer', 404);
    const erased = await app().inject({ method: 'GET', url: `/api/admin/customers/${people.erased!.userId}`, headers: admin.auth });
    expectContract(erased, 'getStaffCustomer', 404);
  });

  it('keeps staff notes with their author and time, newest first, and logs each', async () => {
    const add = (body: unknown) =>
      app().inject({ method: 'POST', url: `/api/admin/customers/${people.both!.userId}/notes`, headers: admin.auth, payload: body as object });
    const first = expectContract<{ note: { body: string; author: string } }>(await add({ body: '  Called about the delivery.  ' }), 'addCustomerNote', 201);
    expect(first.note).toMatchObject({ body: 'Called about the delivery.', author: 'Priya Staff' });
    expectContract(await add({ body: 'Prefers WhatsApp.' }), 'addCustomerNote', 201);
    expectContract(await add({ body: '   ' }), 'addCustomerNote', 400);
    expectContract(await add({ body: 'x'.repeat(2001) }), 'addCustomerNote', 400);
    expectContract(await add({ body: 'ok', pinned: true }), 'addCustomerNote', 400);
    const nobody = await app().inject({ method: 'POST', url: '/api/admin/customers/nobody/notes', headers: admin.auth, payload: { body: 'x' } });
    expectContract(nobody, 'addCustomerNote', 404);

    const response = await app().inject({ method: 'GET', url: `/api/admin/customers/${people.both!.userId}`, headers: admin.auth });
    const { customer } = expectContract<{ customer: StaffCustomerDetail }>(response, 'getStaffCustomer', 200);
    expect(customer.notes.map((note) => note.body)).toEqual(['Prefers WhatsApp.', 'Called about the delivery.']);
    const noted = customer.history.filter((entry) => entry.action === 'note.added');
    expect(noted).toHaveLength(2);
    expect(noted[0]).toMatchObject({ actor: 'Priya Staff', actorRole: 'admin', ip: expect.any(String), after: { body: 'Prefers WhatsApp.' } });
  });

  describe('the CSV export', () => {
    const start = (filter: Record<string, unknown>) =>
      app().inject({ method: 'POST', url: '/api/admin/exports/customers', headers: admin.auth, payload: filter });
    const finished = async (id: string): Promise<ExportJob> => {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const { export: job } = expectContract<{ export: ExportJob }>(
          await app().inject({ method: 'GET', url: `/api/admin/exports/${id}`, headers: admin.auth }),
          'getExport',
          200,
        );
        if (job.status === 'done' || job.status === 'failed') return job;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the export did not finish');
    };

    it('holds the filter’s customers in its order, with a header, readable by spreadsheet programs', async () => {
      const { export: job } = expectContract<{ export: ExportJob }>(await start({ product: ['PROD-G360'], sort: 'name' }), 'startCustomerExport', 202);
      expect(job).toMatchObject({ kind: 'customers', total: 2, fileName: expect.stringMatching(/^customers-\d{4}-\d{2}-\d{2}\.csv$/) });
      expect(await finished(job._id)).toMatchObject({ status: 'done', rows: 2, total: 2, finishedAt: expect.any(String) });

      const file = await app().inject({ method: 'GET', url: `/api/admin/exports/${job._id}/file`, headers: admin.auth });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).toBe(`attachment; filename="${job.fileName}"`);
      expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = file.body.slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe('Name,E-mail,Phone,Signed up (IST),Paid orders,Last order (IST),Products,Kits,Kits activated');
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['Arjun Nair', 'Meera Iyer']);
      expect(lines[2]).toContain(",'+919876500001,");
      expect(lines[2]).toContain(',2,');
      expect(lines[2]).toContain('Gut Start; Gut 360; Gut SEnS');

      // Logged with its filter.
      const logged = await app().db.query<{ after: { filter: unknown } }>(`SELECT after FROM audit_log WHERE action = 'export.started' AND entity_id = $1`, [job._id]);
      expect(logged.map((row) => row.after.filter)).toEqual([{ product: ['PROD-G360'], sort: 'name' }]);
    });

    it('goes through every batch of a long list, continuing after the last row of each', async () => {
      const bulk: Customer[] = [];
      try {
        for (let index = 0; index < 25; index += 1) {
          bulk.push(await named(`bulk${index}`, `Bulk Person ${String(index).padStart(2, '0')}`, `bulk${index}@example.test`, null, 5));
        }
        const { export: job } = expectContract<{ export: ExportJob }>(await start({ q: 'bulk person', sort: '-name' }), 'startCustomerExport', 202);
        expect(await finished(job._id)).toMatchObject({ status: 'done', rows: 25 });
        const file = await app().inject({ method: 'GET', url: `/api/admin/exports/${job._id}/file`, headers: admin.auth });
        const names = file.body.slice(1).trimEnd().split('\r\n').slice(1).map((line) => line.split(',')[0]);
        expect(names).toEqual(Array.from({ length: 25 }, (_, index) => `Bulk Person ${String(24 - index).padStart(2, '0')}`));
      } finally {
        // The other tests list the file's own few customers.
        await forget(bulk);
      }
    });

    it('reads batch after batch in every order without skipping or repeating a customer, ties included', async () => {
      const sorts = ['name', '-name', 'email', '-email', 'signedUpAt', '-signedUpAt', 'orders', '-orders', 'lastOrderAt', '-lastOrderAt'] as const;
      for (const sort of sorts) {
        const all = await list(`?sort=${sort}&limit=100`);
        const read: string[] = [];
        for await (const batch of customerBatches(app().db, { sort }, 7)) read.push(...batch.map((customer) => customer._id));
        expect(read, sort).toEqual(all.items.map((customer) => customer._id));
      }
    });

    it('answers 409 for a file not made yet, 404 for an unknown export, and refuses a malformed filter', async () => {
      const [queued] = await app().db.query<{ id: string }>(`INSERT INTO exports (kind, filter) VALUES ('customers', '{}') RETURNING id`);
      const early = await app().inject({ method: 'GET', url: `/api/admin/exports/${queued!.id}/file`, headers: admin.auth });
      expectContract(early, 'getExportFile', 409);
      // A queued export whose process has not touched it for over two minutes is failed.
      await app().db.query(`UPDATE exports SET touched_at = now() - interval '3 minutes' WHERE id = $1`, [queued!.id]);
      const stalled = await app().inject({ method: 'GET', url: `/api/admin/exports/${queued!.id}`, headers: admin.auth });
      expect(expectContract<{ export: ExportJob }>(stalled, 'getExport', 200).export.status).toBe('failed');
      expectContract(await app().inject({ method: 'GET', url: '/api/admin/exports/nope', headers: admin.auth }), 'getExport', 404);
      expectContract(await app().inject({ method: 'GET', url: '/api/admin/exports/nope/file', headers: admin.auth }), 'getExportFile', 404);
      expectContract(await start({ sort: 'password' }), 'startCustomerExport', 400);
      expectContract(await start({ product: 'PROD-G360' }), 'startCustomerExport', 400);
      expectContract(await start({ status: 'paid' }), 'startCustomerExport', 400);
    });
  });

  it('is for admins only', async () => {
    for (const role of ['customer', 'doctor', 'nutritionist']) {
      const person = await newCustomer(app(), role);
      try {
        expectContract(await app().inject({ method: 'GET', url: '/api/admin/customers', headers: person.auth }), 'listCustomers', 403);
        const detail = await app().inject({ method: 'GET', url: `/api/admin/customers/${people.both!.userId}`, headers: person.auth });
        expectContract(detail, 'getStaffCustomer', 403);
      } finally {
        await forget([person]);
      }
    }
    expectContract(await app().inject({ method: 'GET', url: '/api/admin/customers' }), 'listCustomers', 401);
  });
});
