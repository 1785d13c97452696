import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components, operations } from '../../openapi/schema';
import { catalogue } from './cart-backend';
import { answers, cartWith, kit, server } from './handlers';
import { findNotice, renderShop } from './render';
import { staffProduct } from './staff-fixtures';

type Schemas = components['schemas'];
type StaffProduct = Schemas['StaffProduct'];
type ProductInput = Schemas['ProductInput'];
type ProductPatch = Schemas['ProductPatch'];
type ListAnswer = operations['listStaffProducts']['responses'][200]['content']['application/json'];

/** The staff's product calls as the contract describes them, over a small catalogue kept in memory. */
function productsApi() {
  let products: StaffProduct[] = [staffProduct(1, { name: 'Gut Fibre', code: 'PROD-FIBRE' }), staffProduct(2, { name: 'Gut Calm', code: 'PROD-CALM', active: false, ordered: true })];
  const listed: string[] = [];
  const created: ProductInput[] = [];
  const patched: ProductPatch[] = [];
  const uploads: Array<{ type: string | null; size: number }> = [];
  const deleted: string[] = [];
  const handlers = [
    http.get<never, never, ListAnswer>('*/api/admin/products', ({ request }) => {
      const query = new URL(request.url).searchParams;
      listed.push(query.toString());
      const q = query.get('q')?.toLowerCase();
      const status = query.get('status');
      const items = products.filter(
        (product) => (!q || product.name.toLowerCase().includes(q)) && (!status || (status === 'active') === product.active),
      );
      return HttpResponse.json({ items, total: items.length });
    }),
    http.get<{ id: string }>('*/api/admin/products/:id', ({ params }) => {
      const product = products.find((candidate) => candidate._id === params.id);
      return product ? HttpResponse.json({ product }) : HttpResponse.json({ message: 'There is no such product.', code: 'NOT_FOUND' }, { status: 404 });
    }),
    http.post<never, ProductInput>('*/api/admin/products', async ({ request }) => {
      const body = await request.json();
      created.push(body);
      if (products.some((product) => product.code === body.code)) {
        return HttpResponse.json({ message: `Another product has the code ${body.code}.`, code: 'CONFLICT', fields: { code: `Another product has the code ${body.code}.` } }, { status: 409 });
      }
      const product = staffProduct(products.length + 1, {
        ...body,
        slug: body.slug ?? 'new',
        summary: body.summary ?? '',
        description: body.description ?? '',
        box: body.box ?? [],
        images: (body.images ?? []).map((id) => ({ _id: id, url: `/api/product-images/${id}`, width: 800, height: 600 })),
        hsn_sac: body.hsn_sac ?? '999316',
        gst_rate: body.gst_rate ?? 18,
        active: body.active ?? true,
        sort: body.sort ?? 0,
      });
      products = [...products, product];
      return HttpResponse.json({ product }, { status: 201 });
    }),
    http.patch<{ id: string }, ProductPatch>('*/api/admin/products/:id', async ({ params, request }) => {
      const body = await request.json();
      patched.push(body);
      const { images, ...rest } = body;
      products = products.map((product) =>
        product._id === params.id
          ? {
              ...product,
              ...rest,
              ...(images ? { images: images.map((id) => ({ _id: id, url: `/api/product-images/${id}`, width: 800, height: 600 })) } : {}),
              updatedAt: new Date(Date.parse(product.updatedAt) + 1000).toISOString(),
            }
          : product,
      );
      return HttpResponse.json({ product: products.find((product) => product._id === params.id)! });
    }),
    http.delete<{ id: string }>('*/api/admin/products/:id', ({ params }) => {
      deleted.push(params.id);
      products = products.filter((product) => product._id !== params.id);
      return HttpResponse.json({ message: 'The product was deleted.' });
    }),
    http.post('*/api/admin/product-images', async ({ request }) => {
      const body = await request.arrayBuffer();
      uploads.push({ type: request.headers.get('content-type'), size: body.byteLength });
      // What the server does: the kind is read from the bytes (here, a page of HTML is no picture).
      if (new Uint8Array(body)[0] === '<'.charCodeAt(0)) {
        return HttpResponse.json(
          { message: 'This file is not a JPEG, PNG or WebP picture. Choose a photo in one of those formats.', code: 'UNSUPPORTED_MEDIA_TYPE', fields: { file: 'must be a JPEG, PNG or WebP picture' } },
          { status: 415 },
        );
      }
      const id = `img-new-${uploads.length}`;
      return HttpResponse.json({ image: { _id: id, url: `/api/product-images/${id}`, width: 800, height: 600 } }, { status: 201 });
    }),
    http.get('*/api/product-images/:id', () => new HttpResponse(new Uint8Array([0]), { headers: { 'content-type': 'image/webp' } })),
  ];
  return { handlers, listed, created, patched, uploads, deleted };
}

let backend: ReturnType<typeof productsApi>;

beforeEach(() => {
  backend = productsApi();
  server.use(answers.catalogueWithoutOffer(), ...backend.handlers);
});

describe('the staff product list', () => {
  it('shows each product with its picture, name, code, prices, state and position, and links to its edit page', async () => {
    renderShop('/admin/products', { as: 'admin' });
    const table = await screen.findByRole('table', { name: 'Products, menu position' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Picture',
      'Name↕',
      'Code↕',
      'Price↕',
      'Struck price',
      'In the shop',
      'Position▲',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/Gut Fibre.*PROD-FIBRE.*₹1,000.*₹1,500.*Active.*1/);
    expect(rows[1]).toHaveTextContent(/Gut Calm.*PROD-CALM.*Hidden/);
    expect(within(rows[0]!).getByRole('link', { name: 'Gut Fibre' })).toHaveAttribute('href', '/admin/product/edit?id=prod-1');
    expect(screen.getByRole('link', { name: 'Add product' })).toHaveAttribute('href', '/admin/add-new-product');
  });

  it('searches, filters hidden products and sorts on the server, keeping the choice in the address', async () => {
    const { user } = renderShop('/admin/products', { as: 'admin' });
    await screen.findByRole('table', { name: 'Products, menu position' });
    await user.selectOptions(screen.getByLabelText('Shown'), 'hidden');
    await waitFor(() => expect(window.location.search).toBe('?status=hidden'));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(backend.listed.at(-1)).toContain('status=hidden');
    await user.click(screen.getByRole('button', { name: /^Price/ }));
    await waitFor(() => expect(backend.listed.at(-1)).toContain('sort=price'));
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'fibre{Enter}');
    await waitFor(() => expect(backend.listed.at(-1)).toContain('q=fibre'));
    expect(await screen.findByTestId('products-empty')).toHaveTextContent('No product matches these filters.');
  });
});

describe('adding a product', () => {
  it('checks the fields before sending, then sends prices in paise, the code in capitals and the uploaded pictures', async () => {
    const { user } = renderShop('/admin/add-new-product', { as: 'admin' });
    const save = await screen.findByRole('button', { name: 'Save product' });
    await user.click(save);
    expect(await screen.findByText('Enter the product name.')).toBeInTheDocument();
    expect(screen.getByText('Enter the price in rupees.')).toBeInTheDocument();
    expect(backend.created).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Name/), 'Gut Glow Kit');
    expect(screen.getByLabelText(/^Page address/)).toHaveValue('gut-glow-kit');
    await user.type(screen.getByLabelText(/^Product code/), 'prod-glow');
    await user.type(screen.getByLabelText(/^Price/), '2000');
    await user.type(screen.getByLabelText(/^Struck-through price/), '1999.5');
    await user.click(save);
    expect(await screen.findByText('The struck-through price cannot be below the price.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Struck-through price/));
    await user.type(screen.getByLabelText(/^Struck-through price/), '2,499.50');
    await user.type(screen.getByLabelText('What is in the box'), 'Sample tube\nReturn envelope');

    await user.upload(screen.getByLabelText('Add a picture'), new File([new Uint8Array(2048)], 'glow.png', { type: 'image/png' }));
    expect(await screen.findByText(/Main picture/)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Add a picture'), new File([new Uint8Array(1024)], 'box.jpg', { type: 'image/jpeg' }));
    await screen.findByText(/Picture 2/);
    await user.click(screen.getByRole('button', { name: 'Move picture 2 earlier' }));
    expect(backend.uploads).toEqual([
      { type: 'image/png', size: 2048 },
      { type: 'image/jpeg', size: 1024 },
    ]);

    await user.click(save);
    await waitFor(() => expect(window.location.pathname).toBe('/admin/product/edit'));
    expect(backend.created.at(-1)).toEqual({
      name: 'Gut Glow Kit',
      code: 'PROD-GLOW',
      slug: 'gut-glow-kit',
      price: 200000,
      actual_price: 249950,
      hsn_sac: '999316',
      gst_rate: 18,
      summary: '',
      description: '',
      box: ['Sample tube', 'Return envelope'],
      images: ['img-new-2', 'img-new-1'],
      sort: 0,
      active: true,
    });
    await findNotice('Gut Glow Kit is saved and on sale in the shop.');
    expect(await screen.findByRole('heading', { name: 'Edit Gut Glow Kit' })).toBeInTheDocument();
  });

  it('shows the server refusal under its field, and a picture over 2 MB or of the wrong type under the pictures', async () => {
    const { user } = renderShop('/admin/add-new-product', { as: 'admin' });
    await user.type(await screen.findByLabelText(/^Name/), 'Copy');
    await user.type(screen.getByLabelText(/^Product code/), 'PROD-FIBRE');
    await user.type(screen.getByLabelText(/^Price/), '100');
    await user.type(screen.getByLabelText(/^Struck-through price/), '100');

    await user.upload(screen.getByLabelText('Add a picture'), new File([new Uint8Array(3 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText('huge.png is larger than 2 MB. Choose a smaller picture, or reduce it first.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Add a picture'), new File(['<html></html>'], 'page.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('This file is not a JPEG, PNG or WebP picture. Choose a photo in one of those formats.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Another product has the code PROD-FIBRE.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Product code/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked below.');
  });
});

describe('the HSN/SAC code and GST rate', () => {
  it('starts a new product as SAC 999316 at 18%, explains both fields, and checks the code before sending', async () => {
    const { user } = renderShop('/admin/add-new-product', { as: 'admin' });
    const code = await screen.findByLabelText(/^HSN\/SAC code/);
    const rate = screen.getByLabelText(/^GST rate/);
    expect(code).toHaveValue('999316');
    expect(rate).toHaveValue('18');
    expect(code).toHaveAccessibleDescription(/Printed on each invoice line of this product/);
    expect(rate).toHaveAccessibleDescription(/Orders keep the code and rate they were placed with; a change applies to new orders\./);
    expect(within(rate).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['', '0', '5', '18', '40']);

    await user.type(screen.getByLabelText(/^Name/), 'Gut Fibre Plus');
    await user.type(screen.getByLabelText(/^Product code/), 'PROD-FIBRE-PLUS');
    await user.type(screen.getByLabelText(/^Price/), '2100');
    await user.type(screen.getByLabelText(/^Struck-through price/), '2100');
    await user.clear(code);
    await user.type(code, '21069');
    await user.selectOptions(rate, '');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Enter 4, 6 or 8 digits, with no spaces or letters (e.g. 999316).')).toBeInTheDocument();
    expect(screen.getByText('Choose the GST rate.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(backend.created).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '21069099');
    await user.selectOptions(rate, '5');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(backend.created.at(-1)).toMatchObject({ code: 'PROD-FIBRE-PLUS', hsn_sac: '21069099', gst_rate: 5 }));
  });

  it('shows a product’s own code and rate when editing, sends a change, and shows the server’s refusal at its field', async () => {
    server.use(
      http.patch('*/api/admin/products/:id', () =>
        HttpResponse.json(
          { message: 'Enter the HSN or SAC code: 4, 6 or 8 digits (e.g. 999316).', code: 'VALIDATION_FAILED', fields: { hsn_sac: 'Enter the HSN or SAC code: 4, 6 or 8 digits (e.g. 999316).' } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderShop('/admin/product/edit?id=prod-1', { as: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Edit Gut Fibre' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^HSN\/SAC code/)).toHaveValue('999316');
    await user.selectOptions(screen.getByLabelText(/^GST rate/), '40');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter the HSN or SAC code: 4, 6 or 8 digits (e.g. 999316).')).toBeInTheDocument();
    expect(screen.getByLabelText(/^HSN\/SAC code/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('editing a product', () => {
  it('hides and shows it, and saves changed fields', async () => {
    const { user } = renderShop('/admin/product/edit?id=prod-1', { as: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Edit Gut Fibre' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Price/)).toHaveValue('1000');
    await user.click(screen.getByRole('button', { name: 'Hide from the shop' }));
    await findNotice('Gut Fibre is hidden from the shop.');
    expect(backend.patched.at(-1)).toEqual({ active: false });
    expect(await screen.findByTestId('product-status')).toHaveTextContent('Hidden');
    await user.click(screen.getByRole('button', { name: 'Show in the shop' }));
    await waitFor(() => expect(backend.patched.at(-1)).toEqual({ active: true }));

    const price = await screen.findByLabelText(/^Price/);
    await user.clear(price);
    await user.type(price, '1200');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(backend.patched.at(-1)).toMatchObject({ price: 120000, actual_price: 150000, code: 'PROD-FIBRE' }));
  });

  it('deletes a product never ordered after a confirmation, and offers no Delete for one with orders', async () => {
    const { user } = renderShop('/admin/product/edit?id=prod-1', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Delete product' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Gut Fibre?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(backend.deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete product' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete product' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/products'));
    expect(backend.deleted).toEqual(['prod-1']);
  });

  it('says a product with orders can be hidden but not deleted', async () => {
    renderShop('/admin/product/edit?id=prod-2', { as: 'admin' });
    expect(await screen.findByText(/It has been ordered, so it stays in the records and can be hidden but not deleted./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete product' })).not.toBeInTheDocument();
  });
});

describe('the shop follows the catalogue', () => {
  const added = { _id: 'prod-glow', code: 'PROD-GLOW', name: 'Gut Glow', slug: 'gut-glow', summary: 'Glow.', price: 200000, actual_price: 250000, image: '/api/product-images/img-1' };
  const detail = (active: boolean): Schemas['ProductDetail'] => ({
    ...added,
    description: 'First paragraph.\n\nSecond paragraph.',
    box: ['Sample tube', 'Return envelope'],
    images: ['/api/product-images/img-1', '/api/product-images/img-2'],
    active,
  });

  it('lists a product staff added in the Products menu, in the catalogue order, and leaves out a hidden one', async () => {
    server.use(answers.catalogue([...catalogue.filter((product) => product.code !== 'PROD-G3G-LITE'), added]));
    const { user } = renderShop('/');
    await screen.findByRole('navigation', { name: 'Main' });
    await user.click(screen.getByRole('button', { name: 'Products' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('nav-products'))
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/products/gut360', '/products/gutsens', '/products/ibs-heal', '/products/gut-glow']),
    );
  });

  it('gives it a page of its own from its data, with Add to cart', async () => {
    server.use(http.get('*/api/products/gut-glow', () => HttpResponse.json({ product: detail(true) })));
    const { user } = renderShop('/products/gut-glow');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gut Glow' })).toBeInTheDocument();
    expect(screen.getByTestId('price')).toHaveTextContent('₹2,000');
    expect(screen.getByText('Second paragraph.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'What is in the box' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Sample tube',
      'Return envelope',
    ]);
    expect(screen.getByTestId('product-main-image')).toHaveAttribute('src', '/api/product-images/img-1');
    await user.click(screen.getByRole('button', { name: 'Show picture 2 of 2' }));
    expect(screen.getByTestId('product-main-image')).toHaveAttribute('src', '/api/product-images/img-2');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
  });

  it('says a hidden product is not available right now instead of Add to cart', async () => {
    server.use(http.get('*/api/products/gut-glow', () => HttpResponse.json({ product: detail(false) })));
    renderShop('/products/gut-glow');
    expect(await screen.findByTestId('product-unavailable')).toHaveTextContent('Gut Glow is not available right now.');
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });

  it('flags a cart line whose kit was hidden, with Remove, and leaves it out of the figures', async () => {
    const body = cartWith([kit(1), { ...kit(2), product: 'prod-gone', name: 'Gut Gone', available: false }]);
    server.use(answers.cart({ ...body, cart: { ...body.cart, price: kit(1).price, actual_price: kit(1).price } }));
    renderShop('/cart', { as: 'customer' });
    const lines = await screen.findAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[1]!).getByTestId('cart-line-unavailable')).toHaveTextContent('No longer available');
    expect(within(lines[1]!).getByRole('button', { name: /Remove/ })).toBeEnabled();
    expect(screen.getByTestId('actual-price')).toHaveTextContent('₹12,999');
    expect(screen.getByTestId('payable')).toHaveTextContent('₹12,999');
  });
});
