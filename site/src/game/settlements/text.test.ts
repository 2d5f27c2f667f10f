import { expect, test } from 'bun:test';
import { SETTLEMENT_TEXT } from '../../../../api/game/settlements.ts';
import {
  autoDepositFailed,
  buildingFailed,
  builtToast,
  distanceLabel,
  failure,
  reasonOf,
  shelterToast,
  success,
  upgradeFailed,
} from './text.ts';

const httpError = (status: number, message: string) => Object.assign(new Error(`${status}: ${message}`), { status });

test('the reason is the server message without the status in front', () => {
  expect(reasonOf(httpError(409, 'Insufficient materials! Missing 2 Wood Planks.'))).toBe(
    'Insufficient materials! Missing 2 Wood Planks.',
  );
  expect(reasonOf(new Error('Failed to fetch'))).toBe('Failed to fetch');
  expect(reasonOf(undefined)).toBe('');
});

test('successes show the server sentence; failures the spec title with the reason', () => {
  expect(success(SETTLEMENT_TEXT.shelterBuilt)).toEqual({ title: 'Basic Shelter built!' });
  expect(failure(SETTLEMENT_TEXT.failedShelter, httpError(409, 'A shelter already stands here'))).toEqual({
    title: 'Failed to build shelter',
    description: 'A shelter already stands here',
    variant: 'destructive',
  });
  expect(failure(SETTLEMENT_TEXT.failedSettlement, new Error('')).description).toBeUndefined();
});

test('the alerts put the reason, or the fallback, after their prefix', () => {
  expect(buildingFailed(httpError(403, 'Walk to Haven first')).title).toBe('Building failed: Walk to Haven first');
  expect(buildingFailed(new Error('')).title).toBe(`Building failed: ${SETTLEMENT_TEXT.failedBuilding}`);
  expect(upgradeFailed(httpError(409, 'Haven Food is fully reinforced')).title).toBe(
    'Upgrade failed: Haven Food is fully reinforced',
  );
  expect(autoDepositFailed(new Error('')).title).toBe('Auto-deposit failed: Unknown error');
  expect(autoDepositFailed(new Error('')).variant).toBe('destructive');
});

test('distances', () => {
  expect(distanceLabel(99.9, 100)).toBe('here');
  expect(distanceLabel(340.4, 100)).toBe('340 units away');
  expect(distanceLabel(12_345, 100)).toBe('12.3k units away');
});

test("a shelter at a site is titled by the site, not 'POI upgraded!', and says what is next; a building, the spec's 'Building completed successfully!'", () => {
  expect(shelterToast({ message: SETTLEMENT_TEXT.poiUpgraded, upgradedPOI: true, poi: { name: 'Old Depot' } })).toEqual({
    title: 'Shelter built at Old Depot!',
    description: 'The site is yours to settle. Name it in Settlement (phone: Manage) to found your settlement.',
  });
  expect(builtToast(SETTLEMENT_TEXT.buildingConstructed, 'Cot', 'Haven')).toEqual({
    title: 'Building completed successfully!',
    description: 'Building constructed! Cot stands in Haven.',
  });
});
