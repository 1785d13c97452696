/**
 * The GAD-7 and PSQI questionnaires: the server scores every result itself with the shared module (a client's score
 * is ignored), refuses answers it cannot score with the questions named as people see them, keeps results only under
 * the `questionnaires` consent (withdrawing it erases them), shows a person their own results only, and lets the care
 * team list and read customers' results, each reading audited. The PSQI is offered only while PSQI_OFFERED is on.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { components } from '../../openapi/schema';
import { ANSWER_KEYS } from '../../server/routes/questionnaires/queries';
import { expectContract } from './contract';
import { newCustomer, type Customer } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';

type QuestionnaireResult = components['schemas']['QuestionnaireResult'];
type StaffQuestionnaireResult = components['schemas']['StaffQuestionnaireResult'];
type QuestionnaireOffer = components['schemas']['QuestionnaireOffer'];
type ErrorBody = components['schemas']['Error'];
type PersonalData = components['schemas']['PersonalData'];
type StaffCustomerDetail = components['schemas']['StaffCustomerDetail'];

const document = parse(readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
};
const propertiesOf = (schema: string) => Object.keys(document.components.schemas[schema]?.properties ?? {});

/** GAD-7 answers q1..q7 with the given ratings. */
const gad7 = (...ratings: number[]) => Object.fromEntries(ratings.map((rating, index) => [`q${index + 1}`, rating]));

/**
 * A complete PSQI: in bed 23:00 to 06:00 (7 hours), 20 minutes to fall asleep, 6 hours asleep (efficiency 85.7%),
 * every disturbance but 5j once a week, fairly good sleep, no medicine, some trouble staying awake and keeping up
 * enthusiasm. Components: quality 1, latency 1 (20 min → 1, plus 5a 1 → 2), duration 1, efficiency 0,
 * disturbances 1 (sum 8), medication 0, daytime 2 (1 + 2); global 6, a poor sleeper.
 */
const PSQI = {
  bedTime: '23:00',
  latency: '20',
  wakeTime: '06:00',
  sleepHours: 6,
  q5a: 1,
  q5b: 1,
  q5c: 1,
  q5d: 1,
  q5e: 1,
  q5f: 1,
  q5g: 1,
  q5h: 1,
  q5i: 1,
  q6: 1,
  q7: 0,
  q8: 1,
  q9: 2,
  q10: 0,
} as const;

describe('the answers each instrument takes', () => {
  it('are the contract’s Gad7Answers and PsqiAnswers', () => {
    expect([...ANSWER_KEYS.gad7].sort()).toEqual(propertiesOf('Gad7Answers').sort());
    expect([...ANSWER_KEYS.psqi].sort()).toEqual(propertiesOf('PsqiAnswers').sort());
  });
});

describe.each(backends)('questionnaires on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const save = (who: Customer, instrument: string, payload: Record<string, unknown>) =>
    app().inject({ method: 'POST', url: `/api/questionnaires/${instrument}/results`, headers: who.auth, payload });
  const saved = async (who: Customer, instrument: string, payload: Record<string, unknown>) =>
    expectContract<{ result: QuestionnaireResult }>(await save(who, instrument, payload), 'saveQuestionnaireResult', 201).result;
  const refused = async (who: Customer, instrument: string, payload: Record<string, unknown>) =>
    expectContract<ErrorBody>(await save(who, instrument, payload), 'saveQuestionnaireResult', 400);
  const mine = async (who: Customer) =>
    expectContract<{ results: QuestionnaireResult[]; consent: boolean }>(
      await app().inject({ method: 'GET', url: '/api/questionnaires/results', headers: who.auth }),
      'listMyQuestionnaireResults',
      200,
    );
  const storedOf = (userId: string) =>
    app().db.query<{ id: string; instrument: string; score: number; answers: Record<string, unknown> }>(
      'SELECT id, instrument, score, answers FROM questionnaire_responses WHERE user_id = $1 ORDER BY created_at, id',
      [userId],
    );
  const auditOf = (userId: string) =>
    app().db.query<{ action: string; entity: string; entity_id: string | null; actor_user_id: string | null; after: Record<string, unknown> | null }>(
      'SELECT action, entity, entity_id, actor_user_id, after FROM audit_log WHERE subject_user_id = $1 ORDER BY id',
      [userId],
    );

  it('offers both questionnaires, the GAD-7 first, to anyone', async () => {
    const body = expectContract<{ instruments: QuestionnaireOffer[] }>(
      await app().inject({ method: 'GET', url: '/api/questionnaires' }),
      'listQuestionnaires',
      200,
    );
    expect(body.instruments).toEqual([
      { instrument: 'gad7', offered: true },
      { instrument: 'psqi', offered: true },
    ]);
  });

  describe('saving a result', () => {
    it('scores the answers itself and ignores a score sent with them', async () => {
      const person = await newCustomer(app());
      const result = await saved(person, 'gad7', { answers: { ...gad7(0, 0, 0, 0, 0, 0, 0), difficulty: 2 }, score: 21, consent: true });
      expect(result).toMatchObject({
        instrument: 'gad7',
        score: 0,
        answers: { ...gad7(0, 0, 0, 0, 0, 0, 0), difficulty: 2 },
        result: { instrument: 'gad7', total: 0, band: 'minimal', missing: [] },
      });
      const stored = await storedOf(person.userId);
      expect(stored).toEqual([{ id: result._id, instrument: 'gad7', score: 0, answers: { ...gad7(0, 0, 0, 0, 0, 0, 0), difficulty: 2 } }]);

      const moderate = await saved(person, 'gad7', { answers: gad7(3, 2, 2, 1, 1, 1, 2), score: 0 });
      expect(moderate).toMatchObject({ score: 12, result: { total: 12, band: 'moderate' } });
    });

    it('scores a PSQI in bed from 23:00 to 06:00: its seven components and the global score', async () => {
      const person = await newCustomer(app());
      const result = await saved(person, 'psqi', { answers: PSQI, consent: true, score: 0 });
      expect(result.score).toBe(6);
      expect(result.result).toEqual({
        instrument: 'psqi',
        components: { quality: 1, latency: 1, duration: 1, efficiency: 0, disturbances: 1, medication: 0, daytime: 2 },
        global: 6,
        poorSleeper: true,
        hoursInBed: 7,
        efficiency: expect.closeTo((6 / 7) * 100, 6),
        sleepExceedsBed: false,
        missing: [],
      });
      expect(result.answers).toEqual(PSQI);
    });

    it.each([
      ['a rating of 4', 'gad7', { ...gad7(1, 1, 1, 1, 1, 1, 1), q3: 4 }],
      ['a negative rating', 'gad7', { ...gad7(1, 1, 1, 1, 1, 1, 1), q1: -1 }],
      ['a rating as text', 'gad7', { ...gad7(1, 1, 1, 1, 1, 1, 1), q1: '1' }],
      ['a time of 25:00', 'psqi', { ...PSQI, bedTime: '25:00' }],
      ['an unknown answer', 'gad7', { ...gad7(1, 1, 1, 1, 1, 1, 1), mood: 2 }],
      ['GAD-7 and PSQI answers together', 'gad7', { ...gad7(1, 1, 1, 1, 1, 1, 1), q8: 1 }],
    ])('refuses %s', async (_what, instrument, answers) => {
      const person = await newCustomer(app());
      await refused(person, instrument, { answers, consent: true });
      expect(await storedOf(person.userId)).toEqual([]);
    });

    it('refuses answers of the other questionnaire, naming them', async () => {
      const person = await newCustomer(app());
      const body = await refused(person, 'gad7', { answers: { bedTime: '23:00', q8: 1 }, consent: true });
      expect(body.message).toBe('These answers are not part of the GAD-7: bedTime, q8.');
      expect(body.fields).toEqual({ bedTime: 'is not a question of the GAD-7', q8: 'is not a question of the GAD-7' });
      const one = await refused(person, 'psqi', { answers: { difficulty: 1 }, consent: true });
      expect(one.message).toBe('This answer is not part of the PSQI: difficulty.');
      expect(one.fields).toEqual({ difficulty: 'is not a question of the PSQI' });
      expect(await storedOf(person.userId)).toEqual([]);
    });

    it('refuses unanswered questions, listing them as the form numbers them', async () => {
      const person = await newCustomer(app());
      const { q3: _q3, q5: _q5, ...partial } = gad7(1, 1, 1, 1, 1, 1, 1);
      const body = await refused(person, 'gad7', { answers: partial, consent: true });
      expect(body.message).toBe('Answer every question before saving: question 3, question 5.');
      expect(body.fields).toEqual({ q3: 'Answer this question.', q5: 'Answer this question.' });

      const { bedTime: _bed, q5c: _q5c, q9: _q9, ...psqi } = PSQI;
      const sleep = await refused(person, 'psqi', { answers: psqi, consent: true });
      expect(sleep.message).toBe('Answer every question before saving: question 1, question 5c, question 9.');
      expect(Object.keys(sleep.fields ?? {})).toEqual(['bedTime', 'q5c', 'q9']);
      expect(await storedOf(person.userId)).toEqual([]);
    });

    it('refuses answers it cannot read, with the reason beside each', async () => {
      const person = await newCustomer(app());
      const soon = await refused(person, 'psqi', { answers: { ...PSQI, latency: 'soon' }, consent: true });
      expect(soon.fields).toEqual({ latency: expect.stringContaining('minutes as a number') });
      expect(soon.message).toMatch(/^Question 2: /);
      const long = await refused(person, 'psqi', { answers: { ...PSQI, sleepHours: '30' }, consent: true });
      expect(long.fields).toEqual({ sleepHours: expect.stringContaining('up to 24 hours') });
      const same = await refused(person, 'psqi', { answers: { ...PSQI, wakeTime: '23:00' }, consent: true });
      expect(same.fields).toEqual({ wakeTime: 'Your bed time and getting-up time are the same.' });
      expect(same.message).toBe('Question 3: Your bed time and getting-up time are the same.');
      const both = await refused(person, 'psqi', { answers: { ...PSQI, latency: 'soon', q6: undefined }, consent: true });
      expect(both.message).toMatch(/^Answer every question before saving: question 6\. Question 2: /);
      expect(await storedOf(person.userId)).toEqual([]);
    });
  });

  describe('the consent to keep results', () => {
    it('is needed: without it nothing is kept; given with a result it is recorded and audited, and not asked again', async () => {
      const person = await newCustomer(app());
      expect(await mine(person)).toEqual({ results: [], consent: false });
      const body = await refused(person, 'gad7', { answers: gad7(1, 1, 1, 1, 1, 1, 1) });
      expect(body.fields).toEqual({ consent: expect.any(String) });
      expect(body.message).toContain('only with your agreement');
      await refused(person, 'gad7', { answers: gad7(1, 1, 1, 1, 1, 1, 1), consent: false });
      expect(await storedOf(person.userId)).toEqual([]);

      const first = await saved(person, 'gad7', { answers: gad7(1, 1, 1, 1, 1, 1, 1), consent: true });
      const [consent] = await app().db.query<{ granted: boolean }>(
        `SELECT granted FROM consents WHERE user_id = $1 AND purpose = 'questionnaires'`,
        [person.userId],
      );
      expect(consent?.granted).toBe(true);
      const second = await saved(person, 'psqi', { answers: PSQI });
      expect((await mine(person)).consent).toBe(true);
      expect(await auditOf(person.userId)).toEqual([
        { action: 'consent.granted', entity: 'consent', entity_id: 'questionnaires', actor_user_id: person.userId, after: { granted: true } },
        { action: 'questionnaire.saved', entity: 'questionnaire_response', entity_id: first._id, actor_user_id: person.userId, after: { instrument: 'gad7' } },
        { action: 'questionnaire.saved', entity: 'questionnaire_response', entity_id: second._id, actor_user_id: person.userId, after: { instrument: 'psqi' } },
      ]);
    });

    it('withdrawn on the privacy page, erases the results, and the next result asks for it again', async () => {
      const person = await newCustomer(app());
      await saved(person, 'gad7', { answers: gad7(2, 2, 2, 2, 2, 2, 2), consent: true });
      await saved(person, 'psqi', { answers: PSQI });
      expect((await mine(person)).results).toHaveLength(2);
      const withdrawn = await app().inject({
        method: 'PUT',
        url: '/api/privacy/consents/questionnaires',
        headers: person.auth,
        payload: { granted: false },
      });
      expectContract(withdrawn, 'setConsent', 200);
      expect(await mine(person)).toEqual({ results: [], consent: false });
      expect(await storedOf(person.userId)).toEqual([]);
      await refused(person, 'gad7', { answers: gad7(2, 2, 2, 2, 2, 2, 2) });
    });
  });

  describe('a person’s own results', () => {
    it('are listed newest first and read one by one; anyone else’s are not found and not listed', async () => {
      const person = await newCustomer(app());
      const other = await newCustomer(app());
      const older = await saved(person, 'gad7', { answers: gad7(1, 0, 0, 0, 0, 0, 0), consent: true });
      const newer = await saved(person, 'psqi', { answers: PSQI });
      const theirs = await saved(other, 'gad7', { answers: gad7(3, 3, 3, 3, 3, 3, 3), consent: true });

      const { results, consent } = await mine(person);
      expect(consent).toBe(true);
      expect(results.map((result) => result._id)).toEqual([newer._id, older._id]);
      expect(results[0]).toEqual(newer);

      const read = async (who: Customer, id: string) =>
        app().inject({ method: 'GET', url: `/api/questionnaires/results/${id}`, headers: who.auth });
      expect(expectContract<{ result: QuestionnaireResult }>(await read(person, older._id), 'getMyQuestionnaireResult', 200).result).toEqual(older);
      expectContract(await read(person, theirs._id), 'getMyQuestionnaireResult', 404);
      expectContract(await read(person, 'no-such-result'), 'getMyQuestionnaireResult', 404);
      expectContract(await app().inject({ method: 'GET', url: `/api/questionnaires/results/${older._id}` }), 'getMyQuestionnaireResult', 401);
    });

    it('carry their result in the copy of the person’s data and on the staff’s customer page', async () => {
      const person = await newCustomer(app());
      const admin = await newCustomer(app(), 'admin');
      const kept = await saved(person, 'psqi', { answers: PSQI, consent: true });
      const data = expectContract<PersonalData>(
        await app().inject({ method: 'GET', url: '/api/privacy/data', headers: person.auth }),
        'exportPersonalData',
        200,
      );
      expect(data.questionnaireResults).toEqual([kept]);
      const { customer } = expectContract<{ customer: StaffCustomerDetail }>(
        await app().inject({ method: 'GET', url: `/api/admin/customers/${person.userId}`, headers: admin.auth }),
        'getStaffCustomer',
        200,
      );
      expect(customer.questionnaireResults).toEqual([kept]);
    });
  });

  describe('the care team', () => {
    const marker = `Qz${randomUUID().slice(0, 8)}`;
    const people: Record<'asha' | 'ravi' | 'gone', Customer> = {} as never;
    const ids: Record<string, string> = {};
    let admin: Customer;
    let doctor: Customer;
    let nutritionist: Customer;

    beforeAll(async () => {
      admin = await newCustomer(app(), 'admin');
      doctor = await newCustomer(app(), 'doctor');
      nutritionist = await newCustomer(app(), 'nutritionist');
      for (const [key, name] of [['asha', 'Asha'], ['ravi', 'Ravi'], ['gone', 'Gone']] as const) {
        people[key] = await newCustomer(app());
        await app().db.query(`UPDATE users SET fullname = $2, email = $3 WHERE id = $1`, [
          people[key].userId,
          `${name} ${marker}`,
          `${name.toLowerCase()}.${marker.toLowerCase()}@example.test`,
        ]);
      }
      ids.ashaLow = (await saved(people.asha, 'gad7', { answers: gad7(0, 0, 1, 0, 0, 0, 0), consent: true }))._id;
      ids.raviSleep = (await saved(people.ravi, 'psqi', { answers: PSQI, consent: true }))._id;
      ids.ashaHigh = (await saved(people.asha, 'gad7', { answers: gad7(2, 2, 2, 2, 2, 1, 1) }))._id;
      ids.gone = (await saved(people.gone, 'gad7', { answers: gad7(3, 3, 3, 3, 3, 3, 3), consent: true }))._id;
      await app().db.query(`UPDATE users SET fullname = '', email = NULL, erased_at = now() WHERE id = $1`, [people.gone.userId]);
    });

    const get = (url: string, who?: Customer) => app().inject({ method: 'GET', url, headers: who?.auth ?? {} });
    const list = async (query: string, who: Customer = doctor) =>
      expectContract<{ items: StaffQuestionnaireResult[]; total: number }>(
        await get(`/api/staff/questionnaire-results?q=${marker}${query}`, who),
        'listStaffQuestionnaireResults',
        200,
      );

    it('is the only one to read results: customers 403, anonymous 401, doctors, nutritionists and admins 200', async () => {
      const customer = await newCustomer(app());
      const history = `/api/staff/customers/${people.asha.userId}/questionnaire-results`;
      expectContract(await get('/api/staff/questionnaire-results'), 'listStaffQuestionnaireResults', 401);
      expectContract(await get('/api/staff/questionnaire-results', customer), 'listStaffQuestionnaireResults', 403);
      expectContract(await get(history), 'getStaffCustomerQuestionnaires', 401);
      expectContract(await get(history, customer), 'getStaffCustomerQuestionnaires', 403);
      for (const who of [doctor, nutritionist, admin]) {
        expect((await list('', who)).total).toBe(3);
        expectContract(await get(history, who), 'getStaffCustomerQuestionnaires', 200);
      }
    });

    it('lists results with the customer, newest first, paged, sorted and filtered, never an erased profile’s', async () => {
      const all = await list('');
      expect(all.total).toBe(3);
      expect(all.items.map((item) => item._id)).toEqual([ids.ashaHigh, ids.raviSleep, ids.ashaLow]);
      expect(all.items[0]).toEqual({
        _id: ids.ashaHigh,
        instrument: 'gad7',
        score: 12,
        createdAt: expect.any(String),
        customer: { _id: people.asha.userId, fullname: `Asha ${marker}`, email: `asha.${marker.toLowerCase()}@example.test` },
        result: { instrument: 'gad7', total: 12, band: 'moderate', missing: [] },
      });
      expect(all.items[1]?.result).toMatchObject({ instrument: 'psqi', global: 6 });
      expect(all.items.map((item) => item._id)).not.toContain(ids.gone);

      expect((await list('&sort=createdAt')).items.map((item) => item._id)).toEqual([ids.ashaLow, ids.raviSleep, ids.ashaHigh]);
      expect((await list('&sort=-score')).items.map((item) => item.score)).toEqual([12, 6, 1]);
      expect((await list('&sort=score')).items.map((item) => item.score)).toEqual([1, 6, 12]);
      const page = await list('&sort=-score&limit=1&offset=1');
      expect(page).toMatchObject({ total: 3, items: [{ _id: ids.raviSleep }] });
      expect((await list('&instrument=psqi')).items.map((item) => item._id)).toEqual([ids.raviSleep]);
      expect((await list('&instrument=gad7')).total).toBe(2);
    });

    it('finds results by part of the name or e-mail address, in any case, with % and _ as letters', async () => {
      const by = async (q: string) =>
        expectContract<{ items: StaffQuestionnaireResult[]; total: number }>(
          await get(`/api/staff/questionnaire-results?q=${encodeURIComponent(q)}`, doctor),
          'listStaffQuestionnaireResults',
          200,
        );
      expect((await by(`asha ${marker.toUpperCase()}`)).items.map((item) => item._id)).toEqual([ids.ashaHigh, ids.ashaLow]);
      expect((await by(`RAVI.${marker}@EXAMPLE`)).items.map((item) => item._id)).toEqual([ids.raviSleep]);
      expect((await by(`${marker}%`)).total).toBe(0);
      expect((await by(`asha_${marker}`)).total).toBe(0);
      expect((await by(`gone ${marker}`)).total).toBe(0);
    });

    it('refuses an unknown sort, an instrument it does not know and a page over 100', async () => {
      for (const query of ['&sort=name', '&instrument=phq9', '&limit=101', '&offset=-1']) {
        expectContract(await get(`/api/staff/questionnaire-results?q=${marker}${query}`, doctor), 'listStaffQuestionnaireResults', 400);
      }
    });

    it('writes down which customers’ results a page showed', async () => {
      await list('&instrument=psqi', nutritionist);
      const [row] = await app().db.query<{ actor_user_id: string; after: { results: string[]; customers: string[]; query: Record<string, unknown> } }>(
        `SELECT actor_user_id, after FROM audit_log WHERE action = 'questionnaire_results.listed' AND actor_user_id = $1 ORDER BY id DESC LIMIT 1`,
        [nutritionist.userId],
      );
      expect(row).toEqual({
        actor_user_id: nutritionist.userId,
        after: {
          query: { q: marker, instrument: 'psqi', sort: '-createdAt', limit: 20, offset: 0 },
          results: [ids.raviSleep],
          customers: [people.ravi.userId],
        },
      });
    });

    it('reads one customer’s history, newest first, and audits the reading', async () => {
      const response = await get(`/api/staff/customers/${people.asha.userId}/questionnaire-results`, doctor);
      const body = expectContract<{ customer: StaffQuestionnaireResult['customer']; results: QuestionnaireResult[] }>(
        response,
        'getStaffCustomerQuestionnaires',
        200,
      );
      expect(body.customer).toEqual({ _id: people.asha.userId, fullname: `Asha ${marker}`, email: `asha.${marker.toLowerCase()}@example.test` });
      expect(body.results.map((result) => [result._id, result.score, result.result.total])).toEqual([
        [ids.ashaHigh, 12, 12],
        [ids.ashaLow, 1, 1],
      ]);
      const readings = (await auditOf(people.asha.userId)).filter((row) => row.action === 'questionnaire_results.viewed');
      expect(readings.at(-1)).toEqual({
        action: 'questionnaire_results.viewed',
        entity: 'user',
        entity_id: people.asha.userId,
        actor_user_id: doctor.userId,
        after: { results: 2 },
      });
    });

    it('finds no history of an unknown or erased profile', async () => {
      expectContract(await get('/api/staff/customers/no-such-customer/questionnaire-results', doctor), 'getStaffCustomerQuestionnaires', 404);
      expectContract(await get(`/api/staff/customers/${people.gone.userId}/questionnaire-results`, doctor), 'getStaffCustomerQuestionnaires', 404);
      expect((await auditOf(people.gone.userId)).filter((row) => row.action === 'questionnaire_results.viewed')).toEqual([]);
    });
  });
});

describe.each(backends)('the PSQI switched off on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await startTestApp(backend, { psqiOffered: false });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('is listed as not offered, and a PSQI result is not kept; the GAD-7 still is', async () => {
    const body = expectContract<{ instruments: QuestionnaireOffer[] }>(
      await app().inject({ method: 'GET', url: '/api/questionnaires' }),
      'listQuestionnaires',
      200,
    );
    expect(body.instruments).toEqual([
      { instrument: 'gad7', offered: true },
      { instrument: 'psqi', offered: false },
    ]);
    const person = await newCustomer(app());
    const refused = await app().inject({ method: 'POST', url: '/api/questionnaires/psqi/results', headers: person.auth, payload: { answers: PSQI, consent: true } });
    expect(expectContract<ErrorBody>(refused, 'saveQuestionnaireResult', 404).message).toBe('The PSQI is not offered at present.');
    const [count] = await app().db.query<{ count: number }>('SELECT count(*)::int AS count FROM questionnaire_responses WHERE user_id = $1', [person.userId]);
    expect(count?.count).toBe(0);
    const gad7Saved = await app().inject({
      method: 'POST',
      url: '/api/questionnaires/gad7/results',
      headers: person.auth,
      payload: { answers: gad7(0, 1, 0, 1, 0, 1, 0), consent: true },
    });
    expectContract(gad7Saved, 'saveQuestionnaireResult', 201);
  });
});
