import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './contract';
import { newCustomer, paidCustomer, type Customer } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';

const ANSWERS = {
  diet: 'eggetarian',
  fermentedFoods: 'daily',
  antibiotics: 'yes',
  antibioticsWhich: '  Azithromycin for a chest infection ',
  probiotics: 'no',
  bristolType: 4,
  bowelFrequency: '1PerDay',
  conditions: ['thyroid', 'acidReflux'],
  heightCm: 168,
  weightKg: 64.5,
};

interface IntakeAnswer {
  intake: { kitId: string; answers: Record<string, unknown>; answeredAt: string; updatedAt: string } | null;
  editable: boolean;
}

describe.each(backends)('the food and lifestyle intake of a kit on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const kitOf = async (customer: Customer) =>
    (expectContract<{ kits: Array<{ _id: string }> }>(await app().inject({ method: 'GET', url: '/api/kits', headers: customer.auth }), 'listKits', 200).kits[0]!)._id;
  const boxCode = async (kitId: string) =>
    ((await app().db.query<{ box_code: string }>('SELECT box_code FROM kits WHERE id = $1', [kitId]))[0] as { box_code: string }).box_code;
  const read = (who: Customer, kitId: string) => app().inject({ method: 'GET', url: `/api/kits/${kitId}/intake`, headers: who.auth });
  const save = (who: Customer, kitId: string, answers: unknown) =>
    app().inject({ method: 'PUT', url: `/api/kits/${kitId}/intake`, headers: who.auth, payload: { answers } });
  const activated = async () => {
    const { customer } = await paidCustomer(app());
    const kitId = await kitOf(customer);
    expectContract(await app().inject({ method: 'POST', url: '/api/kits/activate', headers: customer.auth, payload: { code: await boxCode(kitId) } }), 'activateKit', 200);
    return { customer, kitId };
  };

  it('is asked only once the kit is activated: before, it reads as unanswered and cannot be saved (409)', async () => {
    const { customer } = await paidCustomer(app());
    const kitId = await kitOf(customer);
    expect(expectContract<IntakeAnswer>(await read(customer, kitId), 'getKitIntake', 200)).toEqual({ intake: null, editable: false });
    const refused = expectContract<{ code: string }>(await save(customer, kitId, ANSWERS), 'saveKitIntake', 409);
    expect(refused.code).toBe('INTAKE_NOT_ACTIVATED');
  });

  it('keeps the answers of an activated kit, cleaned, changes them, and writes both to the audit log', async () => {
    const { customer, kitId } = await activated();
    expect(expectContract<IntakeAnswer>(await read(customer, kitId), 'getKitIntake', 200)).toEqual({ intake: null, editable: true });
    const first = expectContract<IntakeAnswer>(await save(customer, kitId, { ...ANSWERS, otherConditions: 'not asked', otherMedicines: '  ' }), 'saveKitIntake', 200);
    expect(first.editable).toBe(true);
    expect(first.intake).toMatchObject({ kitId, answers: { ...ANSWERS, antibioticsWhich: 'Azithromycin for a chest infection' } });
    expect(first.intake!.answers).not.toHaveProperty('otherConditions');
    expect(first.intake!.answers).not.toHaveProperty('otherMedicines');

    const changed = { ...ANSWERS, antibiotics: 'no', bristolType: 6, conditions: ['other'], otherConditions: 'Migraine' };
    const second = expectContract<IntakeAnswer>(await save(customer, kitId, changed), 'saveKitIntake', 200);
    const { antibioticsWhich: _dropped, ...withoutName } = changed;
    expect(second.intake!.answers).toEqual(withoutName);
    expect(second.intake!.answeredAt).toBe(first.intake!.answeredAt);
    expect(Date.parse(second.intake!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.intake!.updatedAt));
    expect(expectContract<IntakeAnswer>(await read(customer, kitId), 'getKitIntake', 200).intake).toEqual(second.intake);

    const audit = await app().db.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'kit' AND entity_id = $1 ORDER BY id`, [kitId]);
    expect(audit.map((row) => row.action)).toEqual(['intake.answered', 'intake.changed']);
  });

  it('refuses answers that do not hold together, with a reason for each (400)', async () => {
    const { customer, kitId } = await activated();
    const { antibioticsWhich: _omit, ...noName } = ANSWERS;
    const refused = expectContract<{ code: string; fields: Record<string, string> }>(
      await save(customer, kitId, { ...noName, conditions: ['none', 'ibs', 'other'] }),
      'saveKitIntake',
      400,
    );
    expect(refused.code).toBe('INTAKE_INVALID');
    expect(refused.fields).toEqual({
      'answers.antibioticsWhich': 'Say which antibiotic you took, or what it was for.',
      'answers.conditions': '"None of these" cannot go with a condition.',
      'answers.otherConditions': 'Say which other condition.',
    });
    expectContract(await save(customer, kitId, { ...ANSWERS, bristolType: 8 }), 'saveKitIntake', 400);
    expectContract(await save(customer, kitId, { ...ANSWERS, diet: 'carnivore' }), 'saveKitIntake', 400);
    expectContract(await save(customer, kitId, { ...ANSWERS, heightCm: 17.5 }), 'saveKitIntake', 400);
    const { diet: _diet, ...noDiet } = ANSWERS;
    expectContract(await save(customer, kitId, noDiet), 'saveKitIntake', 400);
    expectContract(await save(customer, kitId, { ...ANSWERS, extra: 1 }), 'saveKitIntake', 400);
    expect(expectContract<IntakeAnswer>(await read(customer, kitId), 'getKitIntake', 200).intake).toBeNull();
  });

  it('shows nothing of a kit to anyone but its owner (404)', async () => {
    const { customer, kitId } = await activated();
    expectContract(await save(customer, kitId, ANSWERS), 'saveKitIntake', 200);
    const stranger = await newCustomer(app());
    expectContract(await read(stranger, kitId), 'getKitIntake', 404);
    expectContract(await save(stranger, kitId, ANSWERS), 'saveKitIntake', 404);
    expectContract(await read(customer, 'no-such-kit'), 'getKitIntake', 404);
  });

  it('can no longer be changed once the lab has the sample (409), but is still read', async () => {
    const { customer, kitId } = await activated();
    expectContract(await save(customer, kitId, ANSWERS), 'saveKitIntake', 200);
    const admin = await newCustomer(app(), 'admin');
    expectContract(await app().inject({ method: 'POST', url: `/api/kits/${kitId}/journey`, headers: admin.auth, payload: { event: 'journey.receiveSample' } }), 'advanceKitJourney', 200);
    const refused = expectContract<{ code: string }>(await save(customer, kitId, { ...ANSWERS, bristolType: 2 }), 'saveKitIntake', 409);
    expect(refused.code).toBe('INTAKE_CLOSED');
    const kept = expectContract<IntakeAnswer>(await read(customer, kitId), 'getKitIntake', 200);
    expect(kept).toMatchObject({ editable: false, intake: { answers: { bristolType: 4 } } });
  });

  it('goes into the person’s copy of their data and before the care team, who read it with an audit row', async () => {
    const { customer, kitId } = await activated();
    expectContract(await save(customer, kitId, ANSWERS), 'saveKitIntake', 200);
    const data = expectContract<{ kitIntakes: Array<{ kitId: string; answers: Record<string, unknown> }> }>(
      await app().inject({ method: 'GET', url: '/api/privacy/data', headers: customer.auth }),
      'exportPersonalData',
      200,
    );
    expect(data.kitIntakes).toEqual([expect.objectContaining({ kitId, answers: expect.objectContaining({ diet: 'eggetarian', bristolType: 4 }) })]);

    const url = `/api/staff/customers/${customer.userId}/intakes`;
    expectContract(await app().inject({ method: 'GET', url, headers: customer.auth }), 'getStaffCustomerIntakes', 403);
    for (const role of ['doctor', 'nutritionist', 'admin'] as const) {
      const staff = await newCustomer(app(), role);
      const { intakes } = expectContract<{ intakes: Array<Record<string, unknown>> }>(await app().inject({ method: 'GET', url, headers: staff.auth }), 'getStaffCustomerIntakes', 200);
      expect(intakes).toEqual([expect.objectContaining({ kitId, kitName: 'Gut Start', boxCode: await boxCode(kitId), kitState: 'activated' })]);
    }
    const readings = await app().db.query<{ after: { intakes: number } }>(`SELECT after FROM audit_log WHERE action = 'intakes.viewed' AND subject_user_id = $1`, [customer.userId]);
    expect(readings).toHaveLength(3);
    expect(readings[0]!.after).toEqual({ intakes: 1 });
    const doctor = await newCustomer(app(), 'doctor');
    expectContract(await app().inject({ method: 'GET', url: '/api/staff/customers/no-such-person/intakes', headers: doctor.auth }), 'getStaffCustomerIntakes', 404);
  });
});
