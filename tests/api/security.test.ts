/**
 * Who may call what, read from openapi/openapi.yaml alone (not through the server's own loading of it): each
 * operation's `security` (a bearer session) and `x-roles` (the roles admitted; absent means any signed-in person).
 * Then, against the real server, each route applies exactly that: no session is 401, a role not admitted is 403,
 * every admitted role gets past both checks, an operation without security never asks for a session; and the
 * server's API routes are the contract's operations, no more and no fewer.
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Contract } from '../../server/openapi';
import { contractAccess } from '../../server/plugins/auth';
import { expectContract, expectDeclared } from './contract';
import { newCustomer } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';

type Node = Record<string, unknown>;

interface Access {
  operationId: string;
  method: string;
  path: string;
  /** The security schemes an operation requires, e.g. `bearer`; empty when it needs no session. */
  security: string[];
  /** The roles `x-roles` admits; null when any signed-in person is. */
  roles: string[] | null;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

const document = parse(readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8')) as {
  security?: Node[];
  paths: Record<string, Record<string, Node>>;
  components: { schemas: { Role: { enum: string[] } } };
};

const CONTRACT_ROLES = document.components.schemas.Role.enum;

const operations: Access[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => HTTP_METHODS.includes(method))
    .map(([method, operation]) => ({
      operationId: String(operation.operationId),
      method: method.toUpperCase(),
      path,
      security: ((operation.security ?? document.security ?? []) as Node[]).flatMap((requirement) => Object.keys(requirement)),
      roles: (operation['x-roles'] as string[] | undefined) ?? null,
    })),
);

const secured = operations.filter((operation) => operation.security.length > 0);
const open = operations.filter((operation) => operation.security.length === 0);
const admitted = secured.flatMap((operation) => (operation.roles ?? CONTRACT_ROLES).map((role) => ({ ...operation, role })));
const refused = secured.flatMap((operation) =>
  CONTRACT_ROLES.filter((role) => operation.roles !== null && !operation.roles.includes(role)).map((role) => ({ ...operation, role })),
);

/** The operation's URL with every path parameter filled with an id that names nothing. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, 'no-such-id');

/**
 * Method and path of each route the server registers, from Fastify's own listing: a tree with one node a line,
 * each node's path continuing its parent's and its methods in brackets.
 */
function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const pathAt: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (\S*)(?: \(([^)]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1]!.length / 4;
    pathAt[depth] = (depth > 0 ? pathAt[depth - 1]! : '') + node[2]!;
    for (const method of node[3]?.split(', ') ?? []) routes.push(`${method} ${pathAt[depth]}`);
  }
  return routes;
}

describe('the contract', () => {
  it('lists every operation with its security and who is admitted', () => {
    const who = ({ security, roles }: Access) => (security.length === 0 ? 'anyone' : (roles?.join(', ') ?? 'anyone signed in'));
    const table = operations
      .map((operation) =>
        [
          operation.operationId.padEnd(20),
          operation.method.padEnd(6),
          operation.path.padEnd(32),
          (operation.security.join(' ') || 'none').padEnd(6),
          who(operation),
        ].join(' '),
      )
      .join('\n');
    expect(`\n${table}\n`).toMatchInlineSnapshot(`
      "
      getHealth            GET    /api/health                      none   anyone
      getLiveness          GET    /api/health/live                 none   anyone
      getReadiness         GET    /api/health/ready                none   anyone
      createSession        POST   /api/auth/session                none   anyone
      linkPhone            POST   /api/auth/phone-link             none   anyone
      createPhoneAccount   POST   /api/auth/phone-account          none   anyone
      getLoginSuccess      GET    /api/auth/login/success          bearer anyone signed in
      logout               GET    /api/auth/logout                 bearer anyone signed in
      registerProfile      POST   /api/auth/register               none   anyone
      requestAuthChallenge POST   /api/auth/challenges             none   anyone
      setProfileEmail      PUT    /api/auth/email                  bearer anyone signed in
      revokeOtherSessions  POST   /api/auth/sessions/revoke-others bearer anyone signed in
      setUserRole          PUT    /api/auth/users/{id}/role        bearer admin
      listProducts         GET    /api/products                    none   anyone
      getCart              GET    /api/cart                        bearer anyone signed in
      addCartItem          POST   /api/cart/items                  bearer anyone signed in
      removeCartItem       DELETE /api/cart/items/{itemId}         bearer anyone signed in
      applyCartCoupon      POST   /api/cart/coupon                 bearer anyone signed in
      removeCartCoupon     DELETE /api/cart/coupon                 bearer anyone signed in
      getAddress           GET    /api/address                     bearer anyone signed in
      putAddress           PUT    /api/address                     bearer anyone signed in
      listOrders           GET    /api/orders                      bearer anyone signed in
      createOrder          POST   /api/orders                      bearer anyone signed in
      getOrder             GET    /api/orders/{id}                 bearer anyone signed in
      startPayment         POST   /api/orders/{id}/payment         bearer anyone signed in
      getInvoice           GET    /api/orders/{id}/invoice         bearer anyone signed in
      cancelOrder          POST   /api/orders/{id}/cancel          bearer anyone signed in
      payWithTestGateway   POST   /api/payments/test-gateway       bearer anyone signed in
      verifyPayment        POST   /api/payments/verify             bearer anyone signed in
      paymentWebhook       POST   /api/payments/webhook            none   anyone
      shippingWebhook      POST   /api/shipping/webhook            none   anyone
      verifyWhatsappWebhook GET    /api/whatsapp/webhook            none   anyone
      whatsappWebhook      POST   /api/whatsapp/webhook            none   anyone
      listKits             GET    /api/kits                        bearer anyone signed in
      activateKit          POST   /api/kits/activate               bearer anyone signed in
      giftKit              POST   /api/kits/{id}/gift              bearer anyone signed in
      getKitJourney        GET    /api/kits/{id}/journey           bearer anyone signed in
      advanceKitJourney    POST   /api/kits/{id}/journey           bearer admin
      getPrivacyOverview   GET    /api/privacy                     bearer customer
      setConsent           PUT    /api/privacy/consents/{purpose}  bearer customer
      exportPersonalData   GET    /api/privacy/data                bearer customer
      exportPersonalDataArchive GET    /api/privacy/data/archive        bearer customer
      requestErasure       POST   /api/privacy/erasure             bearer customer
      cancelErasure        DELETE /api/privacy/erasure             bearer customer
      getGrievanceOfficer  GET    /api/privacy/grievance-officer   none   anyone
      sendContactMessage   POST   /api/contact-messages            none   anyone
      listErasureRequests  GET    /api/admin/erasure-requests      bearer admin
      completeErasure      POST   /api/admin/erasure-requests/{id}/complete bearer admin
      listCustomers        GET    /api/admin/customers             bearer admin
      getStaffCustomer     GET    /api/admin/customers/{id}        bearer admin
      correctStaffCustomer PATCH  /api/admin/customers/{id}        bearer admin
      addCustomerNote      POST   /api/admin/customers/{id}/notes  bearer admin
      startCustomerExport  POST   /api/admin/exports/customers     bearer admin
      startOrderExport     POST   /api/admin/exports/orders        bearer admin
      startGstRegisterExport POST   /api/admin/exports/gst-register  bearer admin
      getExport            GET    /api/admin/exports/{id}          bearer admin
      getExportFile        GET    /api/admin/exports/{id}/file     bearer admin
      getStaffHome         GET    /api/staff/home                  bearer admin, doctor, nutritionist
      listKitBatches       GET    /api/admin/kit-batches           bearer admin
      createKitBatch       POST   /api/admin/kit-batches           bearer admin
      getKitBatchCodesCsv  GET    /api/admin/kit-batches/{id}/codes.csv bearer admin
      getKitBatchLabels    GET    /api/admin/kit-batches/{id}/labels.pdf bearer admin
      onboardOfflineCustomer POST   /api/admin/offline-onboardings   bearer admin
      listStaffOrders      GET    /api/admin/orders                bearer admin
      getStaffOrder        GET    /api/admin/orders/{id}           bearer admin
      advanceStaffOrder    POST   /api/admin/orders/{id}/journey   bearer admin
      bookShipment         POST   /api/admin/orders/{id}/shipments bearer admin
      getShipmentLabel     GET    /api/admin/orders/{id}/shipments/{shipmentId}/label bearer admin
      cancelStaffOrder     POST   /api/admin/orders/{id}/cancel    bearer admin
      correctOrderAddress  PUT    /api/admin/orders/{id}/address   bearer admin
      setReplacementKitAddress PUT    /api/admin/orders/{id}/kits/{kitId}/address bearer admin
      refundOrder          POST   /api/admin/orders/{id}/refunds   bearer admin
      getStaffInvoice      GET    /api/admin/orders/{id}/invoice   bearer admin
      getStaffCreditNote   GET    /api/admin/orders/{id}/refunds/{refundId}/credit-note bearer admin
      getCreditNote        GET    /api/orders/{id}/refunds/{refundId}/credit-note bearer anyone signed in
      getKitIntake         GET    /api/kits/{id}/intake            bearer anyone signed in
      saveKitIntake        PUT    /api/kits/{id}/intake            bearer anyone signed in
      getSamplePickup      GET    /api/kits/{id}/pickup            bearer anyone signed in
      bookSamplePickup     PUT    /api/kits/{id}/pickup            bearer anyone signed in
      cancelSamplePickup   DELETE /api/kits/{id}/pickup            bearer anyone signed in
      getKitReport         GET    /api/kits/{id}/report            bearer anyone signed in
      correctShipment      PUT    /api/admin/orders/{id}/shipment  bearer admin
      getStaffKitReport    GET    /api/admin/orders/{id}/kits/{kitId}/report bearer admin
      withdrawKitReport    POST   /api/admin/orders/{id}/kits/{kitId}/report/withdrawal bearer admin
      getProduct           GET    /api/products/{slug}             none   anyone
      getProductImage      GET    /api/product-images/{id}         none   anyone
      listStaffProducts    GET    /api/admin/products              bearer admin
      createProduct        POST   /api/admin/products              bearer admin
      getStaffProduct      GET    /api/admin/products/{id}         bearer admin
      updateProduct        PATCH  /api/admin/products/{id}         bearer admin
      deleteProduct        DELETE /api/admin/products/{id}         bearer admin
      uploadProductImage   POST   /api/admin/product-images        bearer admin
      listAdminCoupons     GET    /api/admin/coupons               bearer admin
      createAdminCoupon    POST   /api/admin/coupons               bearer admin
      getAdminCoupon       GET    /api/admin/coupons/{id}          bearer admin
      updateAdminCoupon    PATCH  /api/admin/coupons/{id}          bearer admin
      deleteAdminCoupon    DELETE /api/admin/coupons/{id}          bearer admin
      endAdminCoupon       POST   /api/admin/coupons/{id}/end      bearer admin
      listTeamMembers      GET    /api/admin/team-members          bearer admin
      addTeamMember        POST   /api/admin/team-members          bearer admin
      changeTeamMemberRole PUT    /api/admin/team-members/{id}/role bearer admin
      deactivateTeamMember POST   /api/admin/team-members/{id}/deactivation bearer admin
      reactivateTeamMember POST   /api/admin/team-members/{id}/reactivation bearer admin
      sendTeamMemberPasswordLink POST   /api/admin/team-members/{id}/password-link bearer admin
      listContactMessages  GET    /api/admin/contact-messages      bearer admin
      closeContactMessage  POST   /api/admin/contact-messages/{id}/close bearer admin
      replyToContactMessage POST   /api/admin/contact-messages/{id}/replies bearer admin
      listPublications     GET    /api/publications                none   anyone
      listAdminPublications GET    /api/admin/publications          bearer admin
      createAdminPublication POST   /api/admin/publications          bearer admin
      updateAdminPublication PATCH  /api/admin/publications/{id}     bearer admin
      deleteAdminPublication DELETE /api/admin/publications/{id}     bearer admin
      requestEbookDownload POST   /api/ebook/downloads             none   anyone
      getEbookFile         GET    /api/ebook/file/{token}          none   anyone
      listEbookLeads       GET    /api/admin/ebook-leads           bearer admin
      startEbookLeadExport POST   /api/admin/exports/ebook-leads   bearer admin
      listPosts            GET    /api/posts                       none   anyone
      getPost              GET    /api/posts/{slug}                none   anyone
      getGhostPost         GET    /api/ghost/posts/{slug}          none   anyone
      listRecipes          GET    /api/recipes                     none   anyone
      getRecipe            GET    /api/recipes/{slug}              none   anyone
      getCookbook          GET    /api/cookbook                    none   anyone
      getCookbookPdf       GET    /api/cookbook.pdf                none   anyone
      getContentImage      GET    /api/content-images/{id}         none   anyone
      uploadContentImage   POST   /api/authoring/images            bearer admin, doctor, nutritionist
      listAuthoringItems   GET    /api/authoring/items             bearer admin, doctor, nutritionist
      createAuthoringItem  POST   /api/authoring/items             bearer admin, doctor, nutritionist
      getAuthoringItem     GET    /api/authoring/items/{id}        bearer admin, doctor, nutritionist
      saveAuthoringItem    PUT    /api/authoring/items/{id}        bearer admin, doctor, nutritionist
      reviewAuthoringItem  POST   /api/authoring/items/{id}/review bearer admin, doctor, nutritionist
      listContentRevisions GET    /api/authoring/items/{id}/revisions bearer admin, doctor, nutritionist
      restoreContentRevision POST   /api/authoring/items/{id}/revisions/{revisionId}/restore bearer admin, doctor, nutritionist
      listQuestionnaires   GET    /api/questionnaires              none   anyone
      saveQuestionnaireResult POST   /api/questionnaires/{instrument}/results bearer anyone signed in
      listMyQuestionnaireResults GET    /api/questionnaires/results      bearer anyone signed in
      getMyQuestionnaireResult GET    /api/questionnaires/results/{id} bearer anyone signed in
      listStaffQuestionnaireResults GET    /api/staff/questionnaire-results bearer admin, doctor, nutritionist
      getStaffCustomerQuestionnaires GET    /api/staff/customers/{id}/questionnaire-results bearer admin, doctor, nutritionist
      getStaffCustomerIntakes GET    /api/staff/customers/{id}/intakes bearer admin, doctor, nutritionist
      listOrderMessages    GET    /api/admin/orders/{id}/messages  bearer admin
      listCustomerMessages GET    /api/admin/customers/{id}/messages bearer admin
      resendMessage        POST   /api/admin/messages/{id}/resend  bearer admin
      getMetrics           GET    /api/metrics                     none   anyone
      "
    `);
  });

  it('admits only the roles it defines', () => {
    for (const { roles } of operations) for (const role of roles ?? []) expect(CONTRACT_ROLES).toContain(role);
    expect(operations.filter((operation) => operation.roles !== null && operation.security.length === 0)).toEqual([]);
  });
});

describe('the server refuses to start', () => {
  const contractWith = (operation: Node) =>
    new Contract({ paths: { '/api/things': { get: { operationId: 'listThings', responses: {}, ...operation } } } });

  it.each([
    ['an optional session', { security: [{ bearer: [] }, {}] }, /optional session is not supported/],
    ['a scheme other than the bearer', { security: [{ apiKey: [] }] }, /only the bearer scheme/],
    ['x-roles without security', { 'x-roles': ['admin'] }, /x-roles needs a security requirement/],
    ['a role it does not know', { security: [{ bearer: [] }], 'x-roles': ['superuser'] }, /at least one known role/],
    ['x-roles that admit nobody', { security: [{ bearer: [] }], 'x-roles': [] }, /at least one known role/],
  ])('with a contract that asks for %s', (_what, operation, problem) => {
    expect(() => contractWith(operation)).toThrow(problem);
  });

  it('with an API route that is not an operation of the contract', async () => {
    const app = Fastify();
    app.addHook('onRoute', contractAccess(contractWith({})));
    app.get('/api/things', async () => ({}));
    expect(() => app.get('/api/other-things', async () => ({}))).toThrow('GET /api/other-things is not an operation of the contract.');
    expect(() => app.post('/api/things', async () => ({}))).toThrow('POST /api/things is not an operation of the contract.');
    await app.close();
  });
});

describe.each(backends)('each route applies the contract’s security on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('registers exactly the contract’s operations under /api', () => {
    const routes = registeredRoutes(app());
    const api = routes.filter((route) => route.split(' ')[1]!.startsWith('/api'));
    // Fastify answers HEAD beside each GET on its own; those are the GET operations.
    for (const route of api.filter((r) => r.startsWith('HEAD '))) expect(api).toContain(route.replace(/^HEAD/, 'GET'));
    const served = api.filter((route) => !route.startsWith('HEAD ')).map((route) => route.replace(/:([^/]+)/g, '{$1}'));
    expect(served.sort()).toEqual(operations.map(({ method, path }) => `${method} ${path}`).sort());
  });

  it.each(secured)('$operationId ($method $path) answers 401 without a session', async ({ operationId, method, path }) => {
    const response = await app().inject({ method, url: urlOf(path) });
    expect(expectContract(response, operationId, 401).message).toBe('Please sign in to continue.');
  });

  it.each(open)('$operationId ($method $path) needs no session', async ({ operationId, method, path }) => {
    const response = await app().inject({ method, url: urlOf(path) });
    expect(response.statusCode).not.toBe(401);
    expectDeclared(response, operationId);
  });

  it.each(refused)('$operationId ($method $path) refuses a $role with 403', async ({ operationId, method, path, role }) => {
    const person = await newCustomer(app(), role);
    const response = await app().inject({ method, url: urlOf(path), headers: person.auth });
    expect(expectContract(response, operationId, 403).message).toBe('You do not have access to this.');
  });

  it.each(admitted)('$operationId ($method $path) lets a $role past the session and role checks', async ({ operationId, method, path, role }) => {
    const person = await newCustomer(app(), role);
    const response = await app().inject({ method, url: urlOf(path), headers: person.auth });
    expect([401, 403], response.body).not.toContain(response.statusCode);
    expectDeclared(response, operationId);
  });
});
