/**
 * Enums that the contract defines and the shared machines list: the contract is the source, the lists follow it.
 * The lists' `satisfies` refuses a value the contract lacks; the type checks below (run by tsc) and the comparisons
 * with the document (run by Vitest) fail when the contract has a value the lists lack, or orders them otherwise.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { parse } from 'yaml';
import type { components, operations } from '../../openapi/schema';
import { TRACKING_STATUSES } from '../../server/services/shipping/provider';
import { KIT_JOURNEY_EVENTS, KIT_JOURNEY_STATES, kitJourneyMachine, type KitJourneyEventType, type KitJourneyState } from '../../machines/kit-journey';
import { ROLES, type Role } from '../../machines/roles';
import { INDIAN_STATES, type DeliveryAddress, type IndianState } from '../../machines/address';

type Schema = { enum?: string[]; properties?: Record<string, Schema> };

const document = parse(readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, Schema> };
  paths: Record<string, Record<string, { requestBody?: { content: { 'application/json': { schema: Schema } } } }>>;
};

const enumOf = (schema: string) => document.components.schemas[schema]?.enum;

describe('roles', () => {
  it('are the contract’s Role, every one of them', () => {
    expectTypeOf<Role>().toEqualTypeOf<components['schemas']['Role']>();
    expect([...ROLES]).toEqual(enumOf('Role'));
  });
});

describe('kit journey states', () => {
  it('are the contract’s KitJourneyState, every one of them', () => {
    expectTypeOf<KitJourneyState>().toEqualTypeOf<components['schemas']['KitJourneyState']>();
    expect([...KIT_JOURNEY_STATES]).toEqual(enumOf('KitJourneyState'));
    expect([...TRACKING_STATUSES]).toEqual(enumOf('TrackingStatus'));
  });

  it('are the states of the kit-journey machine', () => {
    expect(Object.keys(kitJourneyMachine.config.states ?? {}).sort()).toEqual([...KIT_JOURNEY_STATES].sort());
  });

  it('are moved by staff only with steps the machine knows', () => {
    type StaffStep = operations['advanceKitJourney']['requestBody']['content']['application/json']['event'];
    expectTypeOf<StaffStep>().toExtend<KitJourneyEventType>();
    const steps = document.paths['/api/kits/{id}/journey']?.post?.requestBody?.content['application/json'].schema.properties?.event?.enum;
    expect(steps?.length).toBeGreaterThan(0);
    for (const step of steps ?? []) expect(KIT_JOURNEY_EVENTS).toContain(step);
  });
});

describe('Indian states', () => {
  it('are the contract’s IndianState, every one of them', () => {
    expectTypeOf<IndianState>().toEqualTypeOf<components['schemas']['IndianState']>();
    expectTypeOf<DeliveryAddress['state']>().toEqualTypeOf<IndianState>();
    expect([...INDIAN_STATES]).toEqual(enumOf('IndianState'));
  });
});
